import { CODES, idString } from '@bourse/protocol';
import {
  attach,
  combine,
  createEffect,
  createEvent,
  createStore,
  merge,
  sample,
  type Effect,
  type Event,
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

export interface DetailByIdConfig<Done, Key extends string = string> {
  /** names the Gate (for the devtools) */
  readonly name: string;
  /**
   * the record's key in the address's `id`, null when it holds none; by default the address
   * holds a record id (the protocol's id string), and a policy page holds one of its keys
   */
  readonly keyOf?: (id: string) => Key | null;
  /**
   * reads the record of a key: an API effect, attached to take the key. It may answer null for
   * "no such record" (a record found in a list); a 404 or a 400 (the key refused) says the same.
   */
  readonly fetch: Effect<Key, Done, ApiError>;
  /** besides retry, what makes the record on screen be read again (another language, …) */
  readonly reloadOn?: readonly Unit<unknown>[];
}

export interface DetailById<Record, Key extends string = string> {
  /** Mount it (`useGate`) with the id of the address; a new id while open reads that one. */
  readonly Gate: Gate<DetailAddress>;
  /** the key on screen: null while closed or when the address holds none */
  readonly $key: Store<Key | null>;
  /** the error state's button: reads the record again */
  readonly retryClicked: EventCallable<void>;
  /** the record on screen; null until it arrives, and once the screen closes */
  readonly $record: Store<Record | null>;
  readonly $status: Store<DetailStatus>;
}

/** One read: the key, and its place among the reads, so that only the latest one counts. */
interface Read<Key extends string> {
  readonly id: Key;
  readonly serial: number;
}

const recordId = (id: string): string | null => (idString.safeParse(id).success ? id : null);

/**
 * A record a screen opens by the id of its address (an announcement, an offering, a help
 * answer). Opening it, or another id while open, reads that record; an address without a usable
 * id is not found without a call. Only the answer to the latest read for the id still on screen
 * counts: a reply for an id left behind, or overtaken by a newer read of the same one (another
 * language), is dropped. A read that fails keeps a record already shown (a refresh), otherwise
 * shows the error state; retry and `reloadOn` read it again. Closing the screen forgets it.
 * Create one per screen at module level.
 */
export function createDetailById<Done, Key extends string = string>({
  name,
  keyOf = recordId as (id: string) => Key | null,
  fetch,
  reloadOn = [],
}: DetailByIdConfig<Done, Key>): DetailById<NonNullable<Done>, Key> {
  type Record = NonNullable<Done>;

  const Gate = createGate<DetailAddress>({ name, defaultState: { id: null } });
  const retryClicked = createEvent();

  /** The key on screen: null while the screen is closed, '' when the address holds none. */
  const $id = combine(Gate.status, Gate.state, (open, { id }): Key | '' | null => {
    if (!open) return null;
    return (id === null ? null : keyOf(id)) ?? '';
  });
  const isOpenWithId = (id: Key | '' | null): id is Key => id !== null && id !== '';

  // (filterMap rather than a typed filter: the key type is generic here)
  const keyOnly = (id: Key | '' | null): Key | undefined => (isOpenWithId(id) ? id : undefined);
  const idOpened: Event<Key> = $id.updates.filterMap(keyOnly);
  const missingIdOpened = sample({ clock: $id, filter: (id) => id === '' });
  const closed = sample({ clock: $id, filter: (id) => id === null });
  const reread: Event<Key> = sample({ clock: [retryClicked, ...reloadOn], source: $id }).filterMap(
    keyOnly,
  );

  /** How many reads have started; the latest one's number. */
  const $lastRead = createStore(0);
  // The caller's effect is called inside this one so that each call carries its own number.
  const readFx = createEffect<Read<Key>, Done, ApiError>(({ id }) => fetch(id));
  const readNextFx = attach({
    source: $lastRead,
    mapParams: (id: Key, last): Read<Key> => ({ id, serial: last + 1 }),
    effect: readFx,
  });
  const readAsked: Event<Key> = merge([idOpened, reread]);
  sample({ clock: readAsked, target: readNextFx });
  $lastRead.on(readFx, (_, { serial }) => serial);

  const isLatest = (
    { id, lastRead }: { id: Key | '' | null; lastRead: number },
    { params }: { params: Read<Key> },
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

  const $key = $id.map((id) => (id === '' ? null : id));

  return { Gate, $key, retryClicked, $record, $status };
}
