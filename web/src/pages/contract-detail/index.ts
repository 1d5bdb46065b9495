export { ContractDetailPage as Component } from './ui/contract-detail-page.tsx';
