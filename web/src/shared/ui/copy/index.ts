// Its own entry, not part of `#shared/ui/toast`: the toast is in the app's entry chunk, and the
// copying (with its old-browser fallback) only on the screens that copy.
export { createCopyAction } from './copy.ts';
