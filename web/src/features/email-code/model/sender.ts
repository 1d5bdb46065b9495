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
  /** whole seconds until another code may be requested; 0 when one may */
  $secondsLeft: Store<number>;
  $canSend: Store<boolean>;
  $pending: Store<boolean>;
  /** the server has sent a code */
  sent: Event<void>;
  /** every failure; a 400 "email: …" is for the page to show next to its e-mail field */
  failed: Event<ApiError>;
  /**
   * The server's words for a refusal that belongs to no field of the form (429 "Please wait 42 s
   * …", too many requests), for the page to show next to the code field; null when there is none.
   */
  $refusal: Store<string | null>;
  /** Stops the countdown and forgets the refusal. */
  reset: EventCallable<void>;
}

/** The part of a sender the button reads; the same for both endpoints. */
export type EmailCodeSenderView = Pick<
  EmailCodeSender<SendEmailEndpoint>,
  '$secondsLeft' | '$canSend' | '$pending'
>;

const SECOND = 1_000;

interface Countdown {
  /** which countdown a tick belongs to: a reset or a new countdown outdates older ticks */
  readonly run: number;
  /** when resending is allowed again, ms since the epoch */
  readonly endsAt: number;
}

/** The seconds a 429 asks the user to wait, read from its message ("… 42 s …"). */
const secondsIn = (msg: string): number | null => {
  const match = /\d+/.exec(msg);
  if (!match) return null;
  const seconds = Number(match[0]);
  return Number.isSafeInteger(seconds) && seconds > 0 && seconds <= 3_600 ? seconds : null;
};

/**
 * A model of "send me a code": the call, the countdown that blocks resending until the server
 * allows it, and what went wrong. Call it at module level, once per form.
 */
export function createEmailCodeSender<E extends SendEmailEndpoint>(
  endpoint: E,
): EmailCodeSender<E> {
  // Inside, the two endpoints are one: same reply, and the request is whatever the caller gave.
  const sendEmailFx = createApiEffect<SendEmailEndpoint>(endpoint);
  const sendRequested = createEvent<RequestOf<SendEmailEndpoint>>();
  const reset = createEvent();

  const $secondsLeft = createStore(0);
  const $countdown = createStore<Countdown>({ run: 0, endsAt: 0 });
  const $pending = sendEmailFx.pending;
  const $canSend = combine($secondsLeft, $pending, (seconds, pending) => seconds === 0 && !pending);
  const $refusal = createStore<string | null>(null);

  // The countdown follows the clock, not a count of ticks: a phone that sleeps, or a tab in the
  // background whose timers are slowed, still shows the right number when it comes back.
  const startCountdownFx = createEffect((seconds: number) => ({
    seconds,
    endsAt: Date.now() + seconds * SECOND,
  }));
  const tickFx = createEffect(
    ({ run, endsAt }: Countdown) =>
      new Promise<{ run: number; now: number }>((resolve) => {
        // Wake on the next whole second of the countdown, so the number changes on time.
        const wait = (endsAt - Date.now()) % SECOND || SECOND;
        setTimeout(
          () => {
            resolve({ run, now: Date.now() });
          },
          Math.max(wait, 0),
        );
      }),
  );

  const sendAllowed = sample({ clock: sendRequested, filter: $canSend });
  sample({ clock: sendAllowed, target: sendEmailFx });
  sample({ clock: sendAllowed, fn: () => null, target: $refusal });

  sample({
    clock: sendEmailFx.doneData,
    fn: (reply) => reply.resend_in,
    target: startCountdownFx,
  });

  const emailInRequest = 'email' in endpoint.request.shape;
  const refused = sample({
    clock: sendEmailFx.failData,
    filter: (error) =>
      isCodeError(error) &&
      error.code !== CODES.unauthorized &&
      error.code !== CODES.failed &&
      !(emailInRequest && fieldErrorOf(error)?.field === 'email'),
  });
  sample({
    clock: refused,
    fn: (error) => fieldErrorOf(error)?.reason ?? error.msg,
    target: $refusal,
  });
  // "Please wait 42 s": the server knows best how long; the button counts down from that.
  sample({
    clock: refused,
    filter: (error) => isCodeError(error, CODES.tooManyRequests) && secondsIn(error.msg) !== null,
    fn: (error) => secondsIn(error.msg) ?? 0,
    target: startCountdownFx,
  });

  const countdownStarted = sample({
    clock: startCountdownFx.doneData,
    source: $countdown,
    fn: ({ run }, { seconds, endsAt }) => ({ countdown: { run: run + 1, endsAt }, seconds }),
  });
  sample({ clock: countdownStarted, fn: ({ countdown }) => countdown, target: $countdown });
  sample({ clock: countdownStarted, fn: ({ seconds }) => seconds, target: $secondsLeft });
  sample({
    clock: countdownStarted,
    filter: ({ seconds }) => seconds > 0,
    fn: ({ countdown }) => countdown,
    target: tickFx,
  });

  const ticked = sample({
    clock: tickFx.doneData,
    source: $countdown,
    filter: (countdown, tick) => countdown.run === tick.run,
    fn: (countdown, { now }) => ({
      countdown,
      seconds: Math.max(0, Math.ceil((countdown.endsAt - now) / SECOND)),
    }),
  });
  sample({ clock: ticked, fn: ({ seconds }) => seconds, target: $secondsLeft });
  sample({
    clock: ticked,
    filter: ({ seconds }) => seconds > 0,
    fn: ({ countdown }) => countdown,
    target: tickFx,
  });

  $countdown.on(reset, ({ run }) => ({ run: run + 1, endsAt: 0 }));
  $secondsLeft.reset(reset);
  $refusal.reset(reset);

  const sent = sample({ clock: sendEmailFx.done, fn: (): void => undefined });

  return {
    // The public type narrows the request to the endpoint's own; effector's types are invariant
    // in the payload, so the narrowing is spelled out.
    sendRequested: sendRequested as unknown as EventCallable<RequestOf<E>>,
    $secondsLeft,
    $canSend,
    $pending,
    sent,
    failed: sendEmailFx.failData,
    $refusal,
    reset,
  };
}
