// The parts every screen may use. Heavier parts have their own entry, so that the app's entry
// chunk (which imports this one) does not carry them: `#shared/ui/form` (form fields),
// `#shared/ui/states` (loading, empty and error states), `#shared/ui/toast`.
export { Page, type PageProps } from './page.tsx';
export { DelayedLoader, LOADER_DELAY_MS } from './delayed-loader.tsx';
export { Chevron, LineIcon } from './icons.tsx';
export { DisconnectedBlock } from './error-blocks.tsx';
export { HeaderLink } from './header-link.tsx';
