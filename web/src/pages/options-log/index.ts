export { OptionsLogPage as Component } from './ui/options-log-page.tsx';
