export { RechargeLogPage as Component } from './ui/recharge-log-page.tsx';
