export { HomePage as Component } from './ui/home-page.tsx';
