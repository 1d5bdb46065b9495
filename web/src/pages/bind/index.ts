export { BindPage as Component } from './ui/bind-page.tsx';
