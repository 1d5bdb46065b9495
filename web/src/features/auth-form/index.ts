export { AuthFooter, AuthForm, AuthHero, FormError } from './ui/auth-form.tsx';
