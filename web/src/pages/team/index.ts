export { TeamPage as Component } from './ui/team-page.tsx';
