export { GamePage as Component } from './ui/game-page.tsx';
