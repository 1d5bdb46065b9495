export {
  $contractAvailable,
  $contractInfo,
  $contractListsFailed,
  $openOrders,
  $positions,
  contractInfoRequested,
  contractListsRequested,
  fetchContractInfoFx,
  fetchOpenOrdersFx,
  fetchPositionsFx,
  OPEN_ORDERS_LIMIT,
  orderChanged,
  ordersChanged,
  positionChanged,
  positionClosed,
  withOrder,
  withPosition,
  type ContractInfo,
  type ContractOrder,
  type Position,
} from './model/contract.ts';
export { liveFiguresOf, termsOf, type LiveFigures } from './lib/figures.ts';
export { useLivePosition } from './ui/use-live-position.ts';
