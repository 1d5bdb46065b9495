import { CODES, type endpoints, type RequestOf } from '@bourse/protocol';
import { createApiEffect, fieldErrorOf, isCodeError, type ApiError } from '#shared/api';
import {
  combine,
  createEffect,
  createEvent,
  createStore,
  sample,
  type Event,
  type EventCallable,
  type Store,
} from 'effector';

/** The two calls that e-mail a verification code: a guest's (register, forget) and a user's own. */
export type SendEmailEndpoint = typeof endpoints.auth.sendEmail | typeof endpoints.user.sendEmail;

export interface EmailCodeSender<E extends SendEmailEndpoint> {
  /** Asks for a code; ignored while a request is under way or the countdown runs (SPEC.md §5). */
  sendRequested: EventCallable<RequestOf<E>>;
  /**
   * The address now in the form (a guest's e-mail field): its own countdown shows. Asking for a
   * code makes its address the current one too.
   */
  addressChanged: EventCallable<string>;
  /** whole seconds until another code may be requested to the current address; 0 when one may */
  $secondsLeft: Store<number>;
  $canSend: Store<boolean>;
  $pending: Store<boolean>;
  /** the server has sent a code, to this address ('' for the signed-in user's own) */
  sent: Event<string>;
  /** every failure; a 400 "email: …" is for the page to show next to its e-mail field */
  failed: Event<ApiError>;
  /**
   * The server's words for a refusal that belongs to no field of the form (429 "Please wait 42 s
   * …", too many requests), for the page to show next to the code field; null when there is none.
   */
  $refusal: Store<string | null>;
  /** Stops every countdown and forgets the refusal. */
  reset: EventCallable<void>;
}

/** The part of a sender the button reads; the same for both endpoints. */
export type EmailCodeSenderView = Pick<
  EmailCodeSender<SendEmailEndpoint>,
  '$secondsLeft' | '$canSend' | '$pending'
>;

const SECOND = 1_000;

interface Countdowns {
  /** which tick chain is current: a reset or a new countdown outdates older ticks */
  readonly run: number;
  /** per address, when resending to it is allowed again (ms since the epoch) */
  readonly endsAt: Readonly<Record<string, number>>;
}

/** The seconds a 429 asks the user to wait, read from its message ("… 42 s …"). */
const secondsIn = (msg: string): number | null => {
  const match = /\d+/.exec(msg);
  if (!match) return null;
  const seconds = Number(match[0]);
  return Number.isSafeInteger(seconds) && seconds > 0 && seconds <= 3_600 ? seconds : null;
};

/** An address as its countdown is kept: trimmed, any case. */
export const addressKey = (address: string): string => address.trim().toLowerCase();

/** The address a request sends to: its `email`, or '' for the signed-in user's own. */
const addressOf = (request: RequestOf<SendEmailEndpoint>): string =>
  'email' in request ? addressKey(request.email) : '';

/**
 * A model of "send me a code": the call, the countdown that blocks resending until the server
 * allows it, and what went wrong. The countdown belongs to the address the code went to: with
 * another address in the field a code may go at once, and the first address's countdown runs
 * on meanwhile. Call it at module level, once per form.
 */
export function createEmailCodeSender<E extends SendEmailEndpoint>(
  endpoint: E,
): EmailCodeSender<E> {
  // Inside, the two endpoints are one: same reply, and the request is whatever the caller gave.
  const sendEmailFx = createApiEffect<SendEmailEndpoint>(endpoint);
  const sendRequested = createEvent<RequestOf<SendEmailEndpoint>>();
  const addressChanged = createEvent<string>();
  const reset = createEvent();

  /** the address in the form now, whose countdown shows */
  const $address = createStore('');
  const $countdowns = createStore<Countdowns>({ run: 0, endsAt: {} });
  /** whole seconds left per address whose countdown runs */
  const $secondsByAddress = createStore<Readonly<Record<string, number>>>({});
  const $secondsLeft = combine(
    $secondsByAddress,
    $address,
    (seconds, address) => seconds[address] ?? 0,
  );
  const $pending = sendEmailFx.pending;
  const $canSend = combine($secondsLeft, $pending, (seconds, pending) => seconds === 0 && !pending);
  const $refusal = createStore<string | null>(null);

  // The countdown follows the clock, not a count of ticks: a phone that sleeps, or a tab in the
  // background whose timers are slowed, still shows the right number when it comes back.
  const startCountdownFx = createEffect(
    ({ address, seconds }: { address: string; seconds: number }) => ({
      address,
      seconds,
      endsAt: Date.now() + seconds * SECOND,
    }),
  );
  const tickFx = createEffect(
    ({ run, endsAt }: Countdowns) =>
      new Promise<{ run: number; now: number }>((resolve) => {
        // Wake on the next whole second of the countdown due first, so numbers change on time.
        const now = Date.now();
        const waits = Object.values(endsAt)
          .filter((end) => end > now)
          .map((end) => (end - now) % SECOND || SECOND);
        setTimeout(
          () => {
            resolve({ run, now: Date.now() });
          },
          Math.max(Math.min(SECOND, ...waits), 0),
        );
      }),
  );

  $address.on(addressChanged, (_, address) => addressKey(address));
  // A refusal ("Please wait 42 s") was about the address that was in the field.
  $refusal.reset($address.updates);

  const asked = sample({
    clock: sendRequested,
    fn: (request) => ({ request, address: addressOf(request) }),
  });
  sample({ clock: asked, fn: ({ address }) => address, target: $address });
  const sendAllowed = sample({
    clock: asked,
    source: { seconds: $secondsByAddress, pending: $pending },
    filter: ({ seconds, pending }, { address }) => !pending && (seconds[address] ?? 0) === 0,
    fn: (_, { request }) => request,
  });
  sample({ clock: sendAllowed, target: sendEmailFx });
  sample({ clock: sendAllowed, fn: () => null, target: $refusal });

  sample({
    clock: sendEmailFx.done,
    fn: ({ params, result }) => ({ address: addressOf(params), seconds: result.resend_in }),
    target: startCountdownFx,
  });

  const emailInRequest = 'email' in endpoint.request.shape;
  const refused = sample({
    clock: sendEmailFx.fail,
    filter: ({ error }) =>
      isCodeError(error) &&
      error.code !== CODES.unauthorized &&
      error.code !== CODES.failed &&
      !(emailInRequest && fieldErrorOf(error)?.field === 'email'),
  });
  sample({
    clock: refused,
    source: $address,
    filter: (address, { params }) => address === addressOf(params),
    fn: (_, { error }) => fieldErrorOf(error)?.reason ?? error.msg,
    target: $refusal,
  });
  // "Please wait 42 s": the server knows best how long; the button counts down from that.
  sample({
    clock: refused,
    filter: ({ error }) =>
      isCodeError(error, CODES.tooManyRequests) && secondsIn(error.msg) !== null,
    fn: ({ params, error }) => ({ address: addressOf(params), seconds: secondsIn(error.msg) ?? 0 }),
    target: startCountdownFx,
  });

  const countdownStarted = sample({
    clock: startCountdownFx.doneData,
    source: { countdowns: $countdowns, seconds: $secondsByAddress },
    fn: ({ countdowns, seconds: left }, { address, seconds, endsAt }) => ({
      countdowns: { run: countdowns.run + 1, endsAt: { ...countdowns.endsAt, [address]: endsAt } },
      seconds: { ...left, [address]: seconds },
    }),
  });
  sample({ clock: countdownStarted, fn: ({ countdowns }) => countdowns, target: $countdowns });
  sample({ clock: countdownStarted, fn: ({ seconds }) => seconds, target: $secondsByAddress });
  sample({
    clock: countdownStarted,
    filter: ({ seconds }) => Object.values(seconds).some((left) => left > 0),
    fn: ({ countdowns }) => countdowns,
    target: tickFx,
  });

  const ticked = sample({
    clock: tickFx.doneData,
    source: $countdowns,
    filter: (countdowns, tick) => countdowns.run === tick.run,
    fn: (countdowns, { now }) => {
      const running = Object.entries(countdowns.endsAt)
        .map(([address, end]) => [address, Math.ceil((end - now) / SECOND), end] as const)
        .filter(([, seconds]) => seconds > 0);
      return {
        countdowns: {
          run: countdowns.run,
          endsAt: Object.fromEntries(running.map(([address, , end]) => [address, end])),
        },
        seconds: Object.fromEntries(running.map(([address, seconds]) => [address, seconds])),
      };
    },
  });
  sample({ clock: ticked, fn: ({ countdowns }) => countdowns, target: $countdowns });
  sample({ clock: ticked, fn: ({ seconds }) => seconds, target: $secondsByAddress });
  sample({
    clock: ticked,
    filter: ({ seconds }) => Object.keys(seconds).length > 0,
    fn: ({ countdowns }) => countdowns,
    target: tickFx,
  });

  $countdowns.on(reset, ({ run }) => ({ run: run + 1, endsAt: {} }));
  $secondsByAddress.reset(reset);
  $refusal.reset(reset);

  const sent = sample({ clock: sendEmailFx.done, fn: ({ params }) => addressOf(params) });

  return {
    // The public type narrows the request to the endpoint's own; effector's types are invariant
    // in the payload, so the narrowing is spelled out.
    sendRequested: sendRequested as unknown as EventCallable<RequestOf<E>>,
    addressChanged,
    $secondsLeft,
    $canSend,
    $pending,
    sent,
    failed: sendEmailFx.failData,
    $refusal,
    reset,
  };
}
