export { BindUsdtPage as Component } from './ui/bind-usdt-page.tsx';
