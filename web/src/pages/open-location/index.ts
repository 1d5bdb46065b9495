export { OpenLocationPage as Component } from './ui/open-location-page.tsx';
