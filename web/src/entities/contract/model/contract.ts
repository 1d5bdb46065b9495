import {
  endpoints,
  OPEN_ORDER_STATUSES,
  type ContractOrder,
  type Position,
  type PushMessage,
  type PushOf,
  type ResponseOf,
} from '@bourse/protocol';
import { FUNC } from '@bourse/protocol/socket/wire';
import { createApiEffect } from '#shared/api';
import { $accountType, sessionEnded } from '#shared/session';
import { pushReceived } from '#shared/socket';
import { attach, createEvent, createStore, sample } from 'effector';

export type { ContractOrder, Position };

/** What the order form needs for one symbol (getContractInfo). */
export type ContractInfo = ResponseOf<typeof endpoints.contract.getContractInfo>;

/** How many open orders one load brings: a trader rarely rests more than a few. */
export const OPEN_ORDERS_LIMIT = 50;

export const fetchContractInfoFx = createApiEffect(endpoints.contract.getContractInfo);
export const fetchPositionsFx = createApiEffect(endpoints.contract.storeList);
export const fetchOpenOrdersFx = createApiEffect(endpoints.contract.orderList);

/** A screen wants a symbol's contract info (again: the available balance moves). */
export const contractInfoRequested = createEvent<string>();
/** A screen wants the positions and open orders (again). */
export const contractListsRequested = createEvent();

/** A reply gave a position's new state (an action of the position's own dialogs). */
export const positionChanged = createEvent<Position>();
/** A position is gone (closed in full). */
export const positionClosed = createEvent<string>();
/** A reply gave an order's new state (placed, cancelled). */
export const orderChanged = createEvent<ContractOrder>();
/** Something changed the open orders in a way a reply does not carry: load them again. */
export const ordersChanged = createEvent();

/** Contract info per symbol id, of the current mode. */
export const $contractInfo = createStore<Readonly<Record<string, ContractInfo>>>({});
/** Open positions of the current mode, newest first; null until first loaded. */
export const $positions = createStore<readonly Position[] | null>(null);
/** Open orders (pending, partially filled) of the current mode, newest first; null until loaded. */
export const $openOrders = createStore<readonly ContractOrder[] | null>(null);
/** The last load of the positions or open orders failed. */
export const $contractListsFailed = createStore(false);
/**
 * The contract account's available balance (USDT) as last told: by getContractInfo or a Balance
 * push, whichever came last. Null until one did.
 */
export const $contractAvailable = createStore<string | null>(null);

sample({
  clock: contractInfoRequested,
  fn: (symbolId) => ({ symbol_id: symbolId }),
  target: fetchContractInfoFx,
});
const loadOpenOrdersFx = attach({
  effect: fetchOpenOrdersFx,
  mapParams: () => ({ group: 'open' as const, page: 1, limit: OPEN_ORDERS_LIMIT }),
});
sample({ clock: contractListsRequested, fn: () => ({}), target: fetchPositionsFx });
sample({ clock: [contractListsRequested, ordersChanged], target: loadOpenOrdersFx });
// a closed or changed order may have opened, grown or shrunk a position
sample({ clock: ordersChanged, fn: () => ({}), target: fetchPositionsFx });

$contractInfo.on(fetchContractInfoFx.doneData, (byId, info) => ({
  ...byId,
  [info.symbol_id]: info,
}));
$contractAvailable.on(fetchContractInfoFx.doneData, (_, info) => info.available);

// ---- positions -------------------------------------------------------------------------------

/** The list with `position` in place of the one of its id, or first when it is new. */
export function withPosition(list: readonly Position[], position: Position): readonly Position[] {
  const index = list.findIndex((one) => one.id === position.id);
  if (index === -1) return [position, ...list];
  const next = list.slice();
  next[index] = position;
  return next;
}

const withoutId = <T extends { id: string }>(list: readonly T[], id: string): readonly T[] =>
  list.some((one) => one.id === id) ? list.filter((one) => one.id !== id) : list;

const isPositionPush = (push: PushMessage): push is PushOf<typeof FUNC.position> =>
  push.func === FUNC.position;
const isOrderPush = (push: PushMessage): push is PushOf<typeof FUNC.order> =>
  push.func === FUNC.order;
const isBalancePush = (push: PushMessage): push is PushOf<typeof FUNC.balance> =>
  push.func === FUNC.balance;

const positionPushed = sample({
  clock: pushReceived,
  filter: isPositionPush,
  fn: (push) => push.data,
});
// another mode's position is another account's: not this screen's
const positionUpdated = sample({
  clock: positionPushed,
  source: $accountType,
  filter: (mode, data) => !('closed' in data) && data.account_mode === mode,
  fn: (_, data) => data as Position,
});
const positionGone = sample({
  clock: positionPushed,
  filter: (data) => 'closed' in data,
  fn: (data) => data.id,
});

/**
 * What changed the positions while a load was on its way: a push can overtake the load's answer,
 * so the answer is older than the push and would bring back what it changed. The changes are
 * kept only while a load is pending, and applied again on top of its answer.
 */
type PositionChange = { set: Position } | { gone: string };
const $positionsSinceLoad = createStore<readonly PositionChange[]>([]).reset(fetchPositionsFx);
sample({
  clock: [positionUpdated, positionChanged],
  source: { changes: $positionsSinceLoad, pending: fetchPositionsFx.pending },
  filter: ({ pending }) => pending,
  fn: ({ changes }, position): readonly PositionChange[] => [...changes, { set: position }],
  target: $positionsSinceLoad,
});
sample({
  clock: [positionGone, positionClosed],
  source: { changes: $positionsSinceLoad, pending: fetchPositionsFx.pending },
  filter: ({ pending }) => pending,
  fn: ({ changes }, id): readonly PositionChange[] => [...changes, { gone: id }],
  target: $positionsSinceLoad,
});
const positionsLoaded = sample({
  clock: fetchPositionsFx.doneData,
  source: $positionsSinceLoad,
  fn: (changes, { list }): readonly Position[] =>
    changes.reduce<readonly Position[]>(
      (rows, change) =>
        'set' in change ? withPosition(rows, change.set) : withoutId(rows, change.gone),
      list,
    ),
});

$positions
  .on(positionsLoaded, (_, list) => list)
  .on([positionUpdated, positionChanged], (list, position) =>
    list === null ? list : withPosition(list, position),
  )
  .on([positionGone, positionClosed], (list, id) => (list === null ? list : withoutId(list, id)));

// ---- open orders -----------------------------------------------------------------------------

const isOpen = (order: ContractOrder) => OPEN_ORDER_STATUSES.includes(order.status);

/** The open orders after an order's new state: kept while open, dropped once it is not. */
export function withOrder(
  list: readonly ContractOrder[],
  order: ContractOrder,
): readonly ContractOrder[] {
  if (!isOpen(order)) return withoutId(list, order.id);
  const index = list.findIndex((one) => one.id === order.id);
  if (index === -1) return [order, ...list];
  const next = list.slice();
  next[index] = order;
  return next;
}

const orderUpdated = sample({
  clock: pushReceived,
  filter: isOrderPush,
  fn: (push) => push.data,
});
const orderOfMode = sample({
  clock: [orderUpdated, orderChanged],
  source: $accountType,
  filter: (mode, order) => order.account_mode === mode,
  fn: (_, order) => order,
});
/** Orders pushed while a load of the open orders was on its way, applied again on its answer. */
const $ordersSinceLoad = createStore<readonly ContractOrder[]>([]).reset(fetchOpenOrdersFx);
sample({
  clock: orderOfMode,
  source: { orders: $ordersSinceLoad, pending: fetchOpenOrdersFx.pending },
  filter: ({ pending }) => pending,
  fn: ({ orders }, order): readonly ContractOrder[] => [...orders, order],
  target: $ordersSinceLoad,
});
const openOrdersLoaded = sample({
  clock: fetchOpenOrdersFx.doneData,
  source: $ordersSinceLoad,
  fn: (orders, { list }): readonly ContractOrder[] =>
    orders.reduce<readonly ContractOrder[]>(withOrder, list.filter(isOpen)),
});
$openOrders
  .on(openOrdersLoaded, (_, list) => list)
  .on(orderOfMode, (list, order) => (list === null ? list : withOrder(list, order)));

$contractListsFailed
  .on([fetchPositionsFx.fail, fetchOpenOrdersFx.fail], () => true)
  .reset(contractListsRequested, ordersChanged);

// ---- the contract account's balance ---------------------------------------------------------

const contractBalancePushed = sample({
  clock: pushReceived,
  source: $accountType,
  filter: (mode, push) => isBalancePush(push) && push.data.account_mode === mode,
  fn: (_, push) =>
    (push as PushOf<typeof FUNC.balance>).data.list.find((one) => one.account === 'contract')
      ?.available ?? null,
});
sample({
  clock: contractBalancePushed,
  filter: (available): available is string => available !== null,
  target: $contractAvailable,
});
// the form's figures use the freshest available balance
$contractInfo.on(contractBalancePushed, (byId, available) =>
  available === null
    ? byId
    : Object.fromEntries(Object.entries(byId).map(([id, info]) => [id, { ...info, available }])),
);

// ---- another mode, or nobody ----------------------------------------------------------------

// Another mode's positions and orders are other accounts': forgotten, and loaded again by the
// screen that shows them.
$contractInfo.reset($accountType.updates, sessionEnded);
$positions.reset($accountType.updates, sessionEnded);
$openOrders.reset($accountType.updates, sessionEnded);
$contractAvailable.reset($accountType.updates, sessionEnded);
$contractListsFailed.reset($accountType.updates, sessionEnded);
