// Real and demo accounts (SPEC.md §4): the switch asks first, then changes the account in use.
export { SwitchAccountButton, SwitchSheet } from './ui/switch-sheet.tsx';
export { $switching, accountSwitchRequested, changeAccountModeFx } from './model/switch-account.ts';
