export { ConfirmSheet, type ConfirmSheetProps } from './confirm-sheet.tsx';
export { Popup } from './popup.tsx';
