export { KlinePage as Component } from './ui/kline-page.tsx';
