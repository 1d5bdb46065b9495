export { RechargePage as Component } from './ui/recharge-page.tsx';
