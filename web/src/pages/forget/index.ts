export { ForgetPage as Component } from './ui/forget-page.tsx';
