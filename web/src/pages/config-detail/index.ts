export { ConfigDetailPage as Component } from './ui/config-detail-page.tsx';
