export {
  $balances,
  $balancesByAccount,
  $balancesFailed,
  $balancesView,
  ACCOUNT_KINDS,
  balanceChanged,
  balancesRetried,
  BalancesGate,
  fetchBalancesFx,
  fundsDecided,
  type AccountBalance,
  type AccountBalances,
  type AccountKind,
} from './model/balances.ts';
export { AccountModeMark } from '#shared/ui/account-mode';
export { amountProblem, type AmountBounds } from './lib/amount.ts';
export { MoneyField } from './ui/amount-field.tsx';
export {
  createFlowList,
  FLOW_PAGE_SIZE,
  type FlowFilter,
  type FlowKind,
  type FundFlow,
} from './model/flows.ts';
export { RecordsView } from './ui/records-view.tsx';
export { BalancesLoadError } from './ui/balances-error.tsx';
