import DOMPurify from 'dompurify';

/**
 * The one way server HTML reaches the page: scripts, event handlers, `javascript:` URLs,
 * forms and frames are removed; links that leave the app open in a new tab.
 */
const purifier = typeof window === 'undefined' ? null : DOMPurify(window);

purifier?.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    const href = node.getAttribute('href') ?? '';
    if (/^https?:\/\//i.test(href)) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  }
});

export function sanitizeHtml(html: string): string {
  if (!purifier) return '';
  return purifier.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe', 'object', 'embed', 'svg', 'math'],
    FORBID_ATTR: ['style'],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|\/(?!\/)|#)/i,
  });
}
