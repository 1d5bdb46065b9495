export { OptionsPage as Component } from './ui/options-page.tsx';
