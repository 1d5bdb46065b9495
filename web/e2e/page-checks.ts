/**
 * Checks that run inside the page (passed to `page.evaluate`): each function is self-contained,
 * as Playwright sends its source to the browser.
 */

/** A piece of text that does not fit where it is drawn. */
export interface TextOverflow {
  /** the text (cut to 60 characters) */
  text: string;
  /** a short CSS path of the element that holds it */
  where: string;
  /**
   * `clipped`: cut off by a box that hides overflow, with no ellipsis or line clamp to say so;
   * `cut-word`: a single word (a ticker, an amount, a code) shortened by an ellipsis;
   * `spills`: drawn outside its own box, over its neighbours;
   * `off-screen`: beyond the left or right edge of the screen;
   * `page-scrolls-sideways`: the page is wider than the screen.
   */
  reason: 'clipped' | 'cut-word' | 'spills' | 'off-screen' | 'page-scrolls-sideways';
}

/**
 * Every visible text node whose text does not fit. Allowed on purpose, and so not reported:
 * - text inside a horizontal scroller (an ancestor with `overflow-x: auto | scroll` that does
 *   not scroll vertically: tab strips, chip rows, wide tables);
 * - text shortened by `text-overflow: ellipsis` or `-webkit-line-clamp` on the box that clips
 *   it, unless it is a single word of at most 16 characters, which an ellipsis turns into
 *   wrong information ("BT…" for BTC/USDT);
 * - text that its clipping box hides whole (a carousel's other slides);
 * - screen-reader-only text (a box of 1 × 1 px or less).
 */
export function findTextOverflow(): TextOverflow[] {
  const SLACK = 1;
  const found: TextOverflow[] = [];
  const viewport = document.documentElement.clientWidth;

  const describe = (element: Element): string => {
    const parts: string[] = [];
    for (let at: Element | null = element; at && parts.length < 4; at = at.parentElement) {
      const classes = [...at.classList]
        .slice(0, 2)
        .map((name) => `.${name}`)
        .join('');
      const testId = at.getAttribute('data-testid');
      parts.unshift(`${at.tagName.toLowerCase()}${testId ? `[data-testid=${testId}]` : classes}`);
      if (at === document.body) break;
    }
    return parts.join(' > ');
  };
  const report = (reason: TextOverflow['reason'], text: string, element: Element) => {
    found.push({ reason, text: text.slice(0, 60), where: describe(element) });
  };

  if (document.documentElement.scrollWidth > viewport + SLACK) {
    report(
      'page-scrolls-sideways',
      `${String(document.documentElement.scrollWidth)} px wide on a ${String(viewport)} px screen`,
      document.body,
    );
  }

  const isScroller = (value: string) => value === 'auto' || value === 'scroll';
  const clips = (value: string) => value === 'hidden' || value === 'clip';
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
    const parent = node.parentElement;
    if (!text || !parent || parent.closest('script, style, noscript, template, svg')) continue;
    const style = getComputedStyle(parent);
    if (style.visibility !== 'visible' || Number(style.opacity) === 0) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const rects = [...range.getClientRects()].filter((rect) => rect.width > 0 && rect.height > 0);
    if (rects.length === 0) continue;
    const box = {
      left: Math.min(...rects.map((rect) => rect.left)),
      right: Math.max(...rects.map((rect) => rect.right)),
      top: Math.min(...rects.map((rect) => rect.top)),
      bottom: Math.max(...rects.map((rect) => rect.bottom)),
    };

    let hidden = false;
    let inScroller = false;
    let clipReported = false;
    let ownBoxChecked = false;
    for (let at: Element | null = parent; at && at !== document.documentElement;) {
      const css = getComputedStyle(at);
      const outer = at.getBoundingClientRect();
      if (outer.width <= 1 && outer.height <= 1) {
        hidden = true; // screen-reader-only text
        break;
      }
      const inner = {
        left: outer.left + at.clientLeft,
        right: outer.left + at.clientLeft + at.clientWidth,
        top: outer.top + at.clientTop,
        bottom: outer.top + at.clientTop + at.clientHeight,
      };
      // overflow-x: auto makes overflow-y auto too: a box that does not scroll up and down is
      // a horizontal scroller (tab strips, chip rows), where text beyond its edge is meant.
      if (isScroller(css.overflowX) && at.scrollHeight <= at.clientHeight + SLACK) {
        inScroller = true;
        break;
      }
      // What lies beyond a scroller or a box that hides overflow is not seen where it is.
      const hidesX = clips(css.overflowX) || isScroller(css.overflowX);
      const hidesY = clips(css.overflowY) || isScroller(css.overflowY);
      if (hidesX || hidesY) {
        const outside =
          (hidesX && (box.right <= inner.left || box.left >= inner.right)) ||
          (hidesY && (box.bottom <= inner.top || box.top >= inner.bottom));
        if (outside) {
          hidden = true;
          break;
        }
        // A vertical list cuts what is scrolled away; it must not cut text sideways.
        const cutX = hidesX && (box.left < inner.left - SLACK || box.right > inner.right + SLACK);
        const cutY =
          clips(css.overflowY) &&
          (box.top < inner.top - SLACK || box.bottom > inner.bottom + SLACK);
        if ((cutX || cutY) && !clipReported) {
          clipReported = true;
          const lineClamp = css.getPropertyValue('-webkit-line-clamp');
          const shortened =
            css.textOverflow === 'ellipsis' || (lineClamp !== '' && lineClamp !== 'none');
          if (!shortened) report('clipped', text, parent);
          else if (!/\s/.test(text) && text.length <= 16) report('cut-word', text, parent);
        }
        // From here on only what this box lets through is seen.
        box.left = Math.max(box.left, inner.left);
        box.right = Math.min(box.right, inner.right);
        if (clips(css.overflowY)) {
          box.top = Math.max(box.top, inner.top);
          box.bottom = Math.min(box.bottom, inner.bottom);
        }
      } else if (!ownBoxChecked && css.display !== 'inline' && css.display !== 'contents') {
        // The text's own block: its text must stay inside it (a fixed-size button, a badge).
        ownBoxChecked = true;
        const sideways = box.left < outer.left - SLACK || box.right > outer.right + SLACK;
        const below = box.bottom > outer.bottom + 2 && at.scrollHeight > at.clientHeight + 2;
        if (sideways || below) report('spills', text, parent);
      }
      // A fixed box is placed against the screen, not its ancestors.
      if (css.position === 'fixed') break;
      at = at.parentElement;
    }
    if (hidden || inScroller) continue;
    if (box.left < -SLACK || box.right > viewport + SLACK) report('off-screen', text, parent);
  }
  return found;
}

/**
 * A text the page shows or says, and whether the server wrote it (announcements, policies: in
 * `[data-server-html]`; names from the server's content, such as help categories, in
 * `[data-server-text]`): the server's words in the reader's language are not the app's English.
 */
export interface Words {
  text: string;
  fromServer: boolean;
}

/**
 * What the page says in words: its text nodes and the attributes a person hears or sees
 * (accessible names, placeholders, tooltips, alternative text), and the document title.
 */
export function collectWords(): Words[] {
  const words: Words[] = [{ text: document.title, fromServer: false }];
  const add = (text: string, element: Element) => {
    words.push({
      text,
      fromServer: element.closest('[data-server-html], [data-server-text]') !== null,
    });
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest('script, style, noscript, template')) continue;
    const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (text) add(text, parent);
  }
  const attributes = [
    'aria-label',
    'aria-description',
    'aria-valuetext',
    'placeholder',
    'title',
    'alt',
  ];
  for (const element of document.body.querySelectorAll('*')) {
    for (const name of attributes) {
      const value = element.getAttribute(name)?.trim();
      if (value) add(value, element);
    }
  }
  return words;
}
