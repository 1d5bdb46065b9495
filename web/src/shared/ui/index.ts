export { Page, type PageProps } from './page.tsx';
export { DelayedLoader, LOADER_DELAY_MS } from './delayed-loader.tsx';
