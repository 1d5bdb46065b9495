export { UserPage as Component } from './ui/user-page.tsx';
