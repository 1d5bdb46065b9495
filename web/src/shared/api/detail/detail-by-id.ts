import { CODES, idString } from '@bourse/protocol';
import {
  combine,
  createEffect,
  createEvent,
  createStore,
  merge,
  sample,
  type Effect,
  type EventCallable,
  type Store,
  type Unit,
} from 'effector';
import { createGate, type Gate } from 'effector-react';
import { isCodeError, type ApiError } from '../errors.ts';

/** What a detail screen shows: a loader until the record arrives, then it or a state. */
export type DetailStatus = 'loading' | 'ready' | 'notFound' | 'error';

/** The address of a detail screen: the record's `id`, null when the address names none. */
export interface DetailAddress {
  readonly id: string | null;
}

export interface DetailByIdConfig<Done> {
  /** names the Gate (for the devtools) */
  readonly name: string;
  /**
   * reads the record of an id: an API effect, attached to take the id. It may answer null for
   * "no such record" (a record found in a list); a 404 or a 400 (the id refused) says the same.
   */
  readonly fetch: Effect<string, Done, ApiError>;
  /** besides retry, what makes the record on screen be read again (another language, …) */
  readonly reloadOn?: readonly Unit<unknown>[];
}

export interface DetailById<Record> {
  /** Mount it (`useGate`) with the id of the address; a new id while open reads that one. */
  readonly Gate: Gate<DetailAddress>;
  /** the error state's button: reads the record again */
  readonly retryClicked: EventCallable<void>;
  /** the record on screen; null until it arrives, and once the screen closes */
  readonly $record: Store<Record | null>;
  readonly $status: Store<DetailStatus>;
}

/** One read: the id, and its place among the reads, so that only the latest one counts. */
interface Read {
  readonly id: string;
  readonly serial: number;
}

/**
 * A record a screen opens by the id of its address (an announcement, an offering, a help
 * answer). Opening it, or another id while open, reads that record; an address without a usable
 * id is not found without a call. Only the answer to the latest read for the id still on screen
 * counts: a reply for an id left behind, or overtaken by a newer read of the same one (another
 * language), is dropped. A read that fails keeps a record already shown (a refresh), otherwise
 * shows the error state; retry and `reloadOn` read it again. Closing the screen forgets it.
 * Create one per screen at module level.
 */
export function createDetailById<Done>({
  name,
  fetch,
  reloadOn = [],
}: DetailByIdConfig<Done>): DetailById<NonNullable<Done>> {
  type Record = NonNullable<Done>;

  const Gate = createGate<DetailAddress>({ name, defaultState: { id: null } });
  const retryClicked = createEvent();

  /** The id on screen: null while the screen is closed, '' when the address has no usable id. */
  const $id = combine(Gate.status, Gate.state, (open, { id }) => {
    if (!open) return null;
    return id !== null && idString.safeParse(id).success ? id : '';
  });
  const isOpenWithId = (id: string | null): id is string => id !== null && id !== '';

  const idOpened = sample({ clock: $id, filter: isOpenWithId });
  const missingIdOpened = sample({ clock: $id, filter: (id) => id === '' });
  const closed = sample({ clock: $id, filter: (id) => id === null });
  const reread = sample({
    clock: [retryClicked, ...reloadOn],
    source: $id,
    filter: isOpenWithId,
  });

  /** How many reads have started; the latest one's number. */
  const $lastRead = createStore(0);
  // The caller's effect is called inside this one so that each call carries its own number.
  const readFx = createEffect<Read, Done, ApiError>(({ id }) => fetch(id));
  sample({
    clock: [idOpened, reread],
    source: $lastRead,
    fn: (last, id): Read => ({ id, serial: last + 1 }),
    target: readFx,
  });
  $lastRead.on(readFx, (_, { serial }) => serial);

  const isLatest = (
    { id, lastRead }: { id: string | null; lastRead: number },
    { params }: { params: Read },
  ) => id === params.id && lastRead === params.serial;
  const answered = sample({
    clock: readFx.done,
    source: { id: $id, lastRead: $lastRead },
    filter: isLatest,
    fn: (_, { result }) => result,
  });
  const failed = sample({
    clock: readFx.fail,
    source: { id: $id, lastRead: $lastRead },
    filter: isLatest,
    fn: (_, { error }) => error,
  });

  const found = answered.filterMap((record) => record ?? undefined);
  const absent = answered.filterMap((record) =>
    record === null || record === undefined ? null : undefined,
  );
  // 404: no record by that id; 400: the server refused the id itself.
  const isMissing = (error: ApiError) =>
    isCodeError(error, CODES.notFound) || isCodeError(error, CODES.badRequest);
  const notFound = merge([absent, sample({ clock: failed, filter: isMissing }), missingIdOpened]);
  const brokeDown = sample({ clock: failed, filter: (error) => !isMissing(error) });

  const $record = createStore<Record | null>(null)
    .on(found, (_, record) => record)
    .reset(idOpened, notFound, closed);

  const $status = createStore<DetailStatus>('loading')
    .on(idOpened, () => 'loading')
    // A re-read keeps the record on screen while it runs.
    .on(readFx, (status) => (status === 'ready' ? 'ready' : 'loading'))
    .on(found, () => 'ready')
    .on(notFound, () => 'notFound')
    // A failed re-read (another language, the next stage) keeps the record on screen too.
    .on(brokeDown, (status) => (status === 'ready' ? 'ready' : 'error'))
    .reset(closed);

  return { Gate, retryClicked, $record, $status };
}
