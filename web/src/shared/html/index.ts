// Server HTML, sanitised: its own slice, so DOMPurify loads only with the pages that show HTML.
export { SafeHtml } from './safe-html.tsx';
export { sanitizeHtml } from './sanitize.ts';
