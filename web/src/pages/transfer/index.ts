export { TransferPage as Component } from './ui/transfer-page.tsx';
