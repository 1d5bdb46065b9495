// The one toast of the app: the app model's error toasts and every page's notices go through it.
export { notifyFx, showToast, showToastFx, TOAST_MS } from './toast.ts';
