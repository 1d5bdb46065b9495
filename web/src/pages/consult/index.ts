export { ConsultPage as Component } from './ui/consult-page.tsx';
