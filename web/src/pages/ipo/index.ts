export { IpoPage as Component } from './ui/ipo-page.tsx';
