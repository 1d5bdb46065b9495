// A review state's tag: its own entry, so the shell's entry chunk does not carry antd's Tag.
export { ReviewBadge, type ReviewStage } from './review-badge.tsx';
