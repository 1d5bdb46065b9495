export { ConfirmSheet, type ConfirmSheetProps } from './confirm-sheet.tsx';
