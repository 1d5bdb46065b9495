export { RegisterPage as Component } from './ui/register-page.tsx';
