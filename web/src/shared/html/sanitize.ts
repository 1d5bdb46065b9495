import DOMPurify from 'dompurify';

/**
 * The one way server HTML reaches the page: scripts, event handlers, `javascript:` URLs,
 * forms and frames are removed; links that leave the app open in a new tab. What a removal
 * leaves behind is tidied too: a link whose target was removed becomes its plain text (a blue
 * word that opens nothing would be a dead control), and an image whose source was removed goes
 * (it would be an empty box).
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
  const body = purifier.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe', 'object', 'embed', 'svg', 'math'],
    FORBID_ATTR: ['style'],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|\/(?!\/)|#)/i,
    RETURN_DOM: true,
  });
  if (!(body instanceof HTMLElement)) return '';
  // After the walk, not during it: DOMPurify's iterator must not see nodes move under it.
  for (const image of Array.from(body.querySelectorAll('img'))) {
    if ((image.getAttribute('src') ?? '').trim() === '') image.remove();
  }
  for (const link of Array.from(body.querySelectorAll('a'))) {
    if ((link.getAttribute('href') ?? '').trim() === '') link.replaceWith(...link.childNodes);
  }
  return body.innerHTML;
}
