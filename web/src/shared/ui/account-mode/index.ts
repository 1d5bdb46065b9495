// The account tag every money screen and record shows: its own entry, so that a screen that draws
// only the tag (the contract history's detail forms) does not load the balances with it.
export { AccountModeMark } from './account-mode-mark.tsx';
