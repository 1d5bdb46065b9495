export { HelpPage as Component } from './ui/help-page.tsx';
