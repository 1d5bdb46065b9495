export { ConsultDetailPage as Component } from './ui/consult-detail-page.tsx';
