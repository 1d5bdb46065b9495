import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const PLACEHOLDER = '<!--splash-mark-->';

/**
 * Draws the brand mark (the favicon, `file`) inline in index.html's splash, where the
 * `<!--splash-mark-->` comment stands: the first paint then shows the brand with the document
 * alone, before any script, stylesheet or image has come (an `<img>` would wait for its request).
 * The app's own splash shows the same file as an image, by then in the cache. One drawing, two
 * uses, no copy to keep in step.
 */
export function splashMark(file: URL): Plugin {
  return {
    name: 'bourse:splash-mark',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (!html.includes(PLACEHOLDER)) {
          throw new Error(`splash-mark: index.html has no ${PLACEHOLDER}`);
        }
        const svg = readFileSync(file, 'utf8')
          .trim()
          .replace(/^<svg\b/, '<svg class="app-splash-mark" aria-hidden="true" focusable="false"');
        return html.replace(PLACEHOLDER, svg);
      },
    },
  };
}
