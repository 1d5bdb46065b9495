export { PasswordPage as Component } from './ui/password-page.tsx';
