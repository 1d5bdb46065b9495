export { GameLogPage as Component } from './ui/game-log-page.tsx';
