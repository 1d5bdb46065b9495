export { notifyFx, showToastFx } from './toast.ts';
