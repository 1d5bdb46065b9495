export { SetupPage as Component } from './ui/setup-page.tsx';
