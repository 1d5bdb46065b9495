export { ContractPage as Component } from './ui/contract-page.tsx';
