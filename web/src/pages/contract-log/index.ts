export { ContractLogPage as Component } from './ui/contract-log-page.tsx';
