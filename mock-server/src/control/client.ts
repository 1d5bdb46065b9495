import type { z } from 'zod';
import {
  clockReply,
  controlError,
  contractsReply,
  optionsReply,
  digitsReply,
  digitsFixReply,
  digitsTimingReply,
  type DigitsFixBody,
  type DigitsTimingBody,
  depositsReply,
  exportedState,
  importReply,
  expireSessionsReply,
  faultsReply,
  healthReply,
  identityReply,
  mailboxReply,
  marketReply,
  payReply,
  resetReply,
  reviewReply,
  scenariosReply,
  signInLinkReply,
  stateReply,
  type ClockBody,
  type ContractsQuery,
  type DepositsQuery,
  type FaultBody,
  type IdentityBody,
  type MailboxQuery,
  type MarketPathBody,
  type MarketPriceBody,
  type MarketSymbolBody,
  type PayBody,
  type ReviewBody,
  type SignInLinkBody,
} from './schemas.ts';

/** A symbol's price as the market control answers it. */
export type MarketQuote = z.infer<typeof marketReply>['list'][number];
/** An e-mail the mock "sent". */
export type MailRecord = z.infer<typeof mailboxReply>['list'][number];
/** An injected fault as the control API lists it. */
export type FaultRecord = z.infer<typeof faultsReply>['list'][number];
export type ClockState = z.infer<typeof clockReply>;
export type SignInLink = z.infer<typeof signInLinkReply>;

/** Why a control call failed: which call, the HTTP status (0 when none came) and the reason. */
export class ControlError extends Error {
  override readonly name = 'ControlError';
  constructor(
    /** `POST /__control/reset` */
    readonly call: string,
    /** the HTTP status, or 0 when no reply came (timeout, refused connection, bad JSON) */
    readonly status: number,
    /** the server's message, or what went wrong on the way */
    readonly reason: string,
  ) {
    super(`control ${call} failed${status === 0 ? '' : ` (HTTP ${String(status)})`}: ${reason}`);
  }
}

export interface ControlClientOptions {
  /** how long one call may take, ms (default 10 s) */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** sent as `Authorization: Bearer <token>` with every call (default: the environment's CONTROL_TOKEN) */
  token?: string;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/** The mock's CONTROL_TOKEN as the scripts' environment gives it, if any. */
const tokenFromEnvironment = (): string | undefined =>
  typeof process === 'undefined' ? undefined : process.env['CONTROL_TOKEN'] || undefined;

/**
 * A typed client of the control API (every route of routes.ts has a method), shared by the QA
 * scripts, Pact and Playwright. `token` (by default the environment's CONTROL_TOKEN) goes with
 * every call as a bearer token. Every reply is checked against its schema; a call that fails,
 * times out or answers something unexpected throws a `ControlError` naming the call.
 */
export class ControlClient {
  private readonly timeoutMs: number;
  private readonly fetchImpl: typeof fetch;
  private readonly token: string | undefined;

  constructor(
    private readonly baseUrl: string,
    options: ControlClientOptions | typeof fetch = {},
  ) {
    const settings = typeof options === 'function' ? { fetch: options } : options;
    this.timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.fetchImpl = settings.fetch ?? fetch;
    this.token = settings.token ?? tokenFromEnvironment();
  }

  /** The origin this client controls, without a trailing slash. */
  get origin(): string {
    return this.baseUrl.replace(/\/+$/, '');
  }

  private async request<S extends z.ZodType>(
    schema: S,
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<z.output<S>> {
    const call = `${method} /__control${path}`;
    let response: Response;
    let text: string;
    try {
      response = await this.fetchImpl(`${this.origin}/__control${path}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(this.token === undefined ? {} : { authorization: `Bearer ${this.token}` }),
        },
        body: body === undefined ? null : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      const reason = timedOut
        ? `no reply within ${String(this.timeoutMs)} ms`
        : `${error instanceof Error ? error.message : String(error)}${causeOf(error)}`;
      throw new ControlError(call, 0, reason);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new ControlError(call, response.status, `not JSON: ${text.slice(0, 200)}`);
    }
    if (!response.ok) {
      const refused = controlError.safeParse(json);
      throw new ControlError(
        call,
        response.status,
        refused.success ? refused.data.error : text.slice(0, 200),
      );
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.join('.') ?? '';
      throw new ControlError(
        call,
        response.status,
        `unexpected reply: ${where === '' ? '' : `${where}: `}${issue?.message ?? 'invalid'}`,
      );
    }
    return parsed.data;
  }

  health(): Promise<{ ok: true; now: number }> {
    return this.request(healthReply, 'GET', '/health');
  }

  async scenarios(): Promise<string[]> {
    return (await this.request(scenariosReply, 'GET', '/scenarios')).list;
  }

  reset(scenario = 'empty'): Promise<{ scenario: string }> {
    return this.request(resetReply, 'POST', '/reset', { scenario });
  }

  /** A snapshot of the whole state (password hashes and session keys left out); the engine's shape. */
  state(): Promise<z.output<typeof stateReply>> {
    return this.request(stateReply, 'GET', '/state');
  }

  /**
   * The whole state, the ledger included: a scenario to import later. With `secrets` (answered to
   * this machine only) password hashes and session keys too, so that its users can still sign in
   * and their sessions go on after an import; without, nobody can.
   */
  exportState({ secrets = false }: { secrets?: boolean } = {}): Promise<
    z.output<typeof exportedState>
  > {
    return this.request(exportedState, 'GET', secrets ? '/export?secrets=on' : '/export');
  }

  /** Replaces the state by an export; refused (400) when its ledger does not reconcile. */
  importState(state: z.input<typeof exportedState>): Promise<z.output<typeof importReply>> {
    return this.request(importReply, 'POST', '/import', state);
  }

  /** E-mails sent (to one address and for one purpose when given), newest first. */
  async mailbox(query: string | MailboxQuery = {}): Promise<MailRecord[]> {
    const { to, purpose } = typeof query === 'string' ? { to: query, purpose: undefined } : query;
    const params = new URLSearchParams();
    if (to !== undefined) params.set('to', to);
    if (purpose !== undefined) params.set('purpose', purpose);
    const search = params.size === 0 ? '' : `?${params.toString()}`;
    return (await this.request(mailboxReply, 'GET', `/mailbox${search}`)).list;
  }

  /** The code of the newest e-mail sent to `to` (for `purpose` when given). */
  async latestCode(to: string, purpose?: string): Promise<string> {
    const [latest] = await this.mailbox(purpose === undefined ? { to } : { to, purpose });
    if (!latest) throw new ControlError('GET /__control/mailbox', 200, `no e-mail to ${to}`);
    return latest.code;
  }

  getClock(): Promise<ClockState> {
    return this.request(clockReply, 'GET', '/clock');
  }

  clock(body: ClockBody): Promise<ClockState> {
    return this.request(clockReply, 'POST', '/clock', body);
  }

  /** Moves the simulated clock on by `ms`. */
  advance(ms: number): Promise<ClockState> {
    return this.clock({ action: 'advance', ms });
  }

  async faults(): Promise<FaultRecord[]> {
    return (await this.request(faultsReply, 'GET', '/faults')).list;
  }

  async fault(body: FaultBody): Promise<FaultRecord[]> {
    return (await this.request(faultsReply, 'POST', '/faults', body)).list;
  }

  /** Clears the fault on `path`, or every fault. */
  async clearFaults(path?: string): Promise<FaultRecord[]> {
    const search = path === undefined ? '' : `?path=${encodeURIComponent(path)}`;
    return (await this.request(faultsReply, 'DELETE', `/faults${search}`)).list;
  }

  decideIdentity(body: IdentityBody): Promise<z.output<typeof identityReply>> {
    return this.request(identityReply, 'POST', '/identity', body);
  }

  /** Deposits (of one status when given), newest first, with their owner and proof image's URL. */
  async deposits(query: DepositsQuery = {}): Promise<z.output<typeof depositsReply>['list']> {
    const search = query.status === undefined ? '' : `?status=${query.status}`;
    return (await this.request(depositsReply, 'GET', `/deposits${search}`)).list;
  }

  /** A user's contract positions (open and closed, every mode) and orders, newest first. */
  contracts(query: ContractsQuery): Promise<z.output<typeof contractsReply>> {
    return this.request(
      contractsReply,
      'GET',
      `/contracts?email=${encodeURIComponent(query.email)}`,
    );
  }

  /** A user's option orders (every mode), newest first: nothing here decides one. */
  options(query: ContractsQuery): Promise<z.output<typeof optionsReply>> {
    return this.request(optionsReply, 'GET', `/options?email=${encodeURIComponent(query.email)}`);
  }

  /** A user's Coin Guess bets (every mode), newest first, and the game's control log. */
  digits(query: ContractsQuery): Promise<z.output<typeof digitsReply>> {
    return this.request(digitsReply, 'GET', `/digits?email=${encodeURIComponent(query.email)}`);
  }

  /**
   * Fixes the special number of the next period to open (each call the one after): its seed is
   * searched for before its commitment is published, so its draw verifies like any other.
   */
  fixNextDraw(body: DigitsFixBody): Promise<z.output<typeof digitsFixReply>> {
    return this.request(digitsFixReply, 'POST', '/digits/fix', body);
  }

  /** The Coin Guess timing for the periods that open from now on. */
  digitsTiming(body: DigitsTimingBody): Promise<z.output<typeof digitsTimingReply>> {
    return this.request(digitsTimingReply, 'POST', '/digits/timing', body);
  }

  /** Approves or rejects (with the reason the user reads) a deposit under review. */
  reviewDeposit(body: ReviewBody): Promise<z.output<typeof reviewReply>> {
    return this.request(reviewReply, 'POST', '/deposits/review', body);
  }

  /** Approves (debits, the fee to the fee account) or rejects (releases) a withdrawal. */
  reviewWithdrawal(body: ReviewBody): Promise<z.output<typeof reviewReply>> {
    return this.request(reviewReply, 'POST', '/withdrawals/review', body);
  }

  /** Marks an approved withdrawal paid: its payout went out (`paid_at` is set). */
  payWithdrawal(body: PayBody): Promise<z.output<typeof payReply>> {
    return this.request(payReply, 'POST', '/withdrawals/pay', body);
  }

  expireSessions(email: string): Promise<{ ended: number }> {
    return this.request(expireSessionsReply, 'POST', '/sessions/expire', { email });
  }

  /** Moves a symbol's price from the next second; the market goes on from there. */
  async setPrice(body: MarketPriceBody): Promise<MarketQuote[]> {
    return (await this.request(marketReply, 'POST', '/market/price', body)).list;
  }

  /** Holds each point's price in turn, then lets the market go on from the last. */
  async playPath(body: MarketPathBody): Promise<MarketQuote[]> {
    return (await this.request(marketReply, 'POST', '/market/path', body)).list;
  }

  /** Holds one symbol's price (every symbol's without one). */
  async pauseMarket(body: MarketSymbolBody = {}): Promise<MarketQuote[]> {
    return (await this.request(marketReply, 'POST', '/market/pause', body)).list;
  }

  /** Lets held prices move again, from where they were held. */
  async resumeMarket(body: MarketSymbolBody = {}): Promise<MarketQuote[]> {
    return (await this.request(marketReply, 'POST', '/market/resume', body)).list;
  }

  /**
   * A single-use link that opens the web app signed in as `email`: spent on first use, expiring
   * on the wall clock (5 minutes by default). It carries no session token; the session is opened when it is used.
   */
  signInLink(body: SignInLinkBody): Promise<SignInLink> {
    return this.request(signInLinkReply, 'POST', '/signin-links', body);
  }
}

const causeOf = (error: unknown): string =>
  error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
