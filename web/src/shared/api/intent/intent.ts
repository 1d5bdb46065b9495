import { uuidV4 } from '#shared/lib';
import {
  attach,
  createEvent,
  createStore,
  sample,
  type Effect,
  type EventCallable,
  type Store,
  type Unit,
} from 'effector';
import type { ApiError } from '../errors.ts';

export interface MoneyIntentConfig<Params extends { request_id: string }, Done> {
  /** the money call (an API effect): it gets the request's fields plus `request_id` */
  readonly effect: Effect<Params, Done, ApiError>;
  /** a new intent begins: the form changed (a field edited, another target picked) */
  readonly renewOn?: readonly Unit<unknown>[];
  /** where ids come from; a UUID v4 unless a test says otherwise */
  readonly mintId?: () => string;
}

export interface MoneyIntent<Params extends { request_id: string }, Done> {
  /** The user asked to send: ignored while a call is under way (a double tap). */
  readonly submit: EventCallable<Omit<Params, 'request_id'>>;
  /**
   * The call with the intent's id put in: for `createFormSubmission`, which already sends
   * nothing while it is under way.
   */
  readonly sendFx: Effect<Omit<Params, 'request_id'>, Done, ApiError>;
  /** the id the next send carries; null until the first send of an intent or after it ended */
  readonly $requestId: Store<string | null>;
  readonly $pending: Store<boolean>;
}

/**
 * How long after a success a send still belongs to the intent that succeeded: the second tap of
 * a double tap can land after a fast server's reply. Such a send carries the same id, so the
 * server replays its reply instead of moving money again.
 */
export const DOUBLE_TAP_MS = 1000;

/** The time the intents read, in ms; a test forks it with its own clock. */
export const $intentClock = createStore<() => number>(() => Date.now(), { serialize: 'ignore' });

/**
 * One request id per money intent (issue 11): the server replays a repeated id instead of
 * moving money twice, so a double tap or a retry after a lost reply must carry the same id. The
 * id is minted at the first send, kept through failures (a retry is the same intent) and for
 * `DOUBLE_TAP_MS` after a success (the second tap of a double tap that came after the reply),
 * and dropped when the form changes (`renewOn`): then the next send is a new intent with a new
 * id. Create one per money form at module level.
 */
export function createMoneyIntent<Params extends { request_id: string }, Done>({
  effect,
  renewOn = [],
  mintId = uuidV4,
}: MoneyIntentConfig<Params, Done>): MoneyIntent<Params, Done> {
  const $requestId = createStore<string | null>(null);
  /** when the intent's call succeeded; null while it has not */
  const $succeededAt = createStore<number | null>(null);

  const sendFx = attach({
    source: { id: $requestId, succeededAt: $succeededAt, clock: $intentClock },
    effect,
    mapParams: (params: Omit<Params, 'request_id'>, { id, succeededAt, clock }) => {
      const ended = succeededAt !== null && clock() - succeededAt >= DOUBLE_TAP_MS;
      return { ...params, request_id: id === null || ended ? mintId() : id } as Params;
    },
  });

  $requestId.on(effect, (_, params) => params.request_id);
  sample({
    clock: effect.done,
    source: $intentClock,
    fn: (clock) => clock(),
    target: $succeededAt,
  });
  $succeededAt.reset(effect);
  for (const unit of renewOn) {
    $requestId.reset(unit);
    $succeededAt.reset(unit);
  }

  const submit = createEvent<Omit<Params, 'request_id'>>();
  sample({ clock: submit, filter: sendFx.pending.map((pending) => !pending), target: sendFx });

  return { submit, sendFx, $requestId, $pending: sendFx.pending };
}
