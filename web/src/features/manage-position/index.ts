// Position actions (issue 12): the contract page renders them and wires the three events into
// its positions and orders with `sample`.
export { PositionActions } from './ui/position-actions.tsx';
export { CloseAllButton } from './ui/close-all-button.tsx';
export { AutoMarginEntry } from './ui/auto-margin-entry.tsx';
export { ordersChanged, positionChanged, positionClosed } from './model/events.ts';
