export { WithdrawLogPage as Component } from './ui/withdraw-log-page.tsx';
