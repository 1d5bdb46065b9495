export { NamePage as Component } from './ui/name-page.tsx';
