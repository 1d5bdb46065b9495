export { TransferLogPage as Component } from './ui/transfer-log-page.tsx';
