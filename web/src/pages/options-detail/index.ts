export { OptionsDetailPage as Component } from './ui/options-detail-page.tsx';
