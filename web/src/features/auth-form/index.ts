export { AuthFooter, AuthForm, AuthHero, FormError } from './ui/auth-form.tsx';
export { GuestLanguage } from './ui/guest-language.tsx';
