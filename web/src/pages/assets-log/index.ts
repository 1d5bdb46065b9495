export { FundLogPage as Component } from './ui/assets-log-page.tsx';
