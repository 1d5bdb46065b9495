export { AssetsPage as Component } from './ui/assets-page.tsx';
