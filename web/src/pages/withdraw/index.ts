export { WithdrawPage as Component } from './ui/withdraw-page.tsx';
