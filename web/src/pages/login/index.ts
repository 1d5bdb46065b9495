export { LoginPage as Component } from './ui/login-page.tsx';
