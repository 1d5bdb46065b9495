import { z } from 'zod';

/** The control API's request bodies: one definition for the routes and the typed client. */
export const resetBody = z.object({ scenario: z.string().min(1).optional() });

export const mailboxQuery = z.object({
  to: z.string().optional(),
  purpose: z.string().optional(),
});

export const clockBody = z.discriminatedUnion('action', [
  z.object({ action: z.literal('freeze') }),
  z.object({ action: z.literal('resume') }),
  z.object({ action: z.literal('advance'), ms: z.number().int().positive() }),
]);

export const faultBody = z.object({
  /** an API path, or '*' for every call */
  path: z.string().min(1),
  latency_ms: z.number().int().min(0).max(120_000).default(0),
  /** the envelope code to answer with instead of the real reply */
  code: z.number().int().min(100).max(599).nullable().default(null),
  /** drop the connection without a reply */
  drop: z.boolean().default(false),
  /** how many calls it applies to; omitted for every call until cleared */
  times: z.number().int().positive().nullable().default(null),
});

export const faultQuery = z.object({ path: z.string().optional() });

export const identityBody = z.object({
  email: z.email(),
  decision: z.enum(['approve', 'reject']),
  /** why a rejection was made, shown to the user; ignored on approval */
  reason: z.string().trim().max(200).optional(),
});

export const expireSessionsBody = z.object({ email: z.email() });

/** a deposit's or withdrawal's review: by the record's id, with the reason the user reads */
export const reviewBody = z.object({
  id: z.string().min(1),
  decision: z.enum(['approve', 'reject']),
  reason: z.string().max(200).default(''),
});

/** the deposits the back office reviews: by status (all when omitted), newest first */
export const depositsQuery = z.object({
  status: z.enum(['reviewing', 'approved', 'rejected', 'cancelled']).optional(),
});
export type DepositsQuery = z.input<typeof depositsQuery>;

/** a user's contract positions and orders: by their e-mail */
export const contractsQuery = z.object({ email: z.string().min(1) });
export type ContractsQuery = z.input<typeof contractsQuery>;

/** an approved withdrawal's payout sent: by the record's id */
export const payBody = z.object({ id: z.string().min(1) });

/** a price as the market writes it: a positive decimal string */
const price = z
  .string()
  .regex(/^\d{1,15}(\.\d{1,10})?$/, { error: 'must be a decimal number written as a string' })
  .refine((value) => /[1-9]/.test(value), { error: 'must be greater than zero' });

export const marketPriceBody = z.object({ symbol_id: z.string().min(1), price });

export const marketPathBody = z.object({
  symbol_id: z.string().min(1),
  /** each price is held from after_ms after the previous point (the first: after now) */
  points: z
    .array(z.object({ price, after_ms: z.number().int().min(0).max(86_400_000) }))
    .min(1)
    .max(500),
});

/** one symbol, or every symbol when omitted */
export const marketSymbolBody = z.object({ symbol_id: z.string().min(1).optional() });

export type ResetBody = z.input<typeof resetBody>;
export type ClockBody = z.input<typeof clockBody>;
export type FaultBody = z.input<typeof faultBody>;
export type IdentityBody = z.input<typeof identityBody>;
export type ReviewBody = z.input<typeof reviewBody>;
export type PayBody = z.input<typeof payBody>;

/** a whole state as `GET /export` answers it (the state.json an empty DATA_DIR imports) */
/** `GET /export?secrets=on`: with password hashes and session keys (this machine only). */
export const exportQuery = z.object({ secrets: z.enum(['on', 'off']).optional() });

export const exportedState = z.looseObject({
  version: z.literal(1),
  users: z.record(z.string(), z.unknown()),
  ledger: z.looseObject({ transactions: z.array(z.unknown()) }),
});
export const importReply = z.object({ users: z.number().int(), transactions: z.number().int() });
export type MarketPriceBody = z.input<typeof marketPriceBody>;
export type MarketPathBody = z.input<typeof marketPathBody>;
export type MarketSymbolBody = z.input<typeof marketSymbolBody>;

// ---- replies: what each control route answers (the client validates every reply) ----------

export const controlError = z.object({ error: z.string() });

export const healthReply = z.object({ ok: z.literal(true), now: z.number() });
export const scenariosReply = z.object({ list: z.array(z.string()) });
export const resetReply = z.object({ scenario: z.string() });
/** the state snapshot: read loosely, its shape is the engine's and changes with it */
export const stateReply = z.looseObject({
  users: z.array(z.looseObject({ user_id: z.string(), email: z.string() })),
  mailbox: z.array(z.unknown()),
});
export const mailRecord = z.object({
  id: z.string(),
  to: z.string(),
  purpose: z.string(),
  code: z.string(),
  language: z.string(),
  subject: z.string(),
  body: z.string(),
  sent_at: z.number(),
});
export const mailboxReply = z.object({ list: z.array(mailRecord) });
export const clockReply = z.object({ now: z.number(), frozen: z.boolean() });
export const faultRecord = z.object({
  path: z.string(),
  latency_ms: z.number(),
  code: z.number().nullable(),
  drop: z.boolean(),
  remaining: z.number().nullable(),
});
export const faultsReply = z.object({ list: z.array(faultRecord) });
export const identityReply = z.object({
  identity_status: z.enum(['unverified', 'pending', 'verified', 'rejected']),
  /** the rejection's reason; null unless rejected with one */
  reject_reason: z.string().nullable(),
});
/** the decided record, as /api/account/rechlog or cashlog shows it */
export const reviewReply = z.looseObject({
  id: z.string(),
  status: z.enum(['approved', 'rejected']),
  reject_reason: z.string(),
});
/** the deposit review view: each record as rechlog shows it, whose it is, and its proof's URL */
export const depositsReply = z.object({
  list: z.array(
    z.looseObject({
      id: z.string(),
      status: z.enum(['reviewing', 'approved', 'rejected', 'cancelled']),
      email: z.string(),
      /** the path rechlog shows ('' when none) */
      proof_image: z.string(),
      /** the proof on this server, absolute, for an <img>; null when none */
      proof_url: z.string().nullable(),
    }),
  ),
});

/** a user's positions (open and closed, every mode) and orders, as the contract engine keeps them */
export const contractsReply = z.object({
  positions: z.array(
    z.looseObject({
      id: z.string(),
      account_mode: z.enum(['real', 'demo']),
      symbol_id: z.string(),
      direction: z.enum(['long', 'short']),
      quantity: z.string(),
      entry_price: z.string(),
      margin: z.string(),
      realized_pnl: z.string(),
      fees: z.string(),
      take_profit: z.string(),
      stop_loss: z.string(),
      closed_at: z.number().nullable(),
    }),
  ),
  orders: z.array(
    z.looseObject({
      id: z.string(),
      order_no: z.string(),
      status: z.string(),
      source: z.string(),
      position_id: z.string().nullable(),
      frozen: z.string(),
    }),
  ),
});

/** a user's option orders as the engine keeps them (every mode, newest first) */
export const optionsReply = z.object({
  orders: z.array(
    z.looseObject({
      id: z.string(),
      order_no: z.string(),
      account_mode: z.enum(['real', 'demo']),
      symbol_id: z.string(),
      direction: z.enum(['up', 'down']),
      amount: z.string(),
      status: z.enum(['ordering', 'trading', 'settled', 'cancelled']),
      result: z.enum(['win', 'lose', 'draw', 'void']).nullable(),
      open_price: z.string().nullable(),
      close_price: z.string().nullable(),
      settle_at: z.number().nullable(),
      payout: z.string(),
    }),
  ),
});

/** Coin Guess: the next result QA wants (the seed is searched for before it is committed to) */
export const digitsFixBody = z.object({ number: z.number().int().min(0).max(27) });
export type DigitsFixBody = z.input<typeof digitsFixBody>;
/** Coin Guess: the timing of the periods that open from now on */
export const digitsTimingBody = z.object({
  round_seconds: z.number().int().min(10).max(3600),
  closing_seconds: z.number().int().min(1),
  drawn_seconds: z.number().int().min(0),
});
export type DigitsTimingBody = z.input<typeof digitsTimingBody>;
export const digitsFixReply = z.object({ queued: z.array(z.number().int()) });
export const digitsTimingReply = digitsTimingBody;
/** a user's bets as the engine keeps them (every mode, newest first), and the game's control log */
export const digitsReply = z.object({
  bets: z.array(
    z.looseObject({
      id: z.string(),
      issue: z.string(),
      bet_type: z.string(),
      account_mode: z.enum(['real', 'demo']),
      amount: z.string(),
      odds: z.string(),
      status: z.enum(['pending', 'won', 'lost', 'cancelled']),
      payout: z.string(),
    }),
  ),
  log: z.array(z.object({ at: z.number(), action: z.string(), detail: z.string() })),
});

/** the paid withdrawal, as /api/account/cashlog shows it */
export const payReply = z.looseObject({
  id: z.string(),
  status: z.literal('paid'),
  paid_at: z.number(),
});
export const expireSessionsReply = z.object({ ended: z.number().int().nonnegative() });
export const marketQuote = z.object({
  symbol_id: z.string(),
  price: z.string(),
  paused: z.boolean(),
});
export const marketReply = z.object({ list: z.array(marketQuote) });

export type MailboxQuery = z.input<typeof mailboxQuery>;

/** the longest a single-use sign-in link lives, ms (on the wall clock) */
export const SIGN_IN_LINK_MAX_MS = 15 * 60_000;

export const signInLinkBody = z.object({
  email: z.email(),
  /** how long the link may wait for its one use, ms; 5 minutes by default */
  expires_in_ms: z
    .number()
    .int()
    .positive()
    .max(SIGN_IN_LINK_MAX_MS)
    .default(5 * 60_000),
});
export const signInLinkReply = z.object({
  /** the link's path on this server (`/__control/signin/<one-time id>`) */
  path: z.string().startsWith('/__control/signin/'),
  /** when it stops working (wall clock, ms) */
  expires_at: z.number(),
});
export const signInLinkParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) });

export type SignInLinkBody = z.input<typeof signInLinkBody>;
