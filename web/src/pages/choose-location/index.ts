export { ChooseLocationPage as Component } from './ui/choose-location-page.tsx';
