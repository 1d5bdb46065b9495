export { VerifiedPage as Component } from './ui/verified-page.tsx';
