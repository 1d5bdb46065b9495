export { ContractDetail1Page as Component } from './ui/contract-detail1-page.tsx';
