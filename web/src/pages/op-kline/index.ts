export { OpKlinePage as Component } from './ui/op-kline-page.tsx';
