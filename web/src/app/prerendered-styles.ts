/**
 * Makes the inline styles the build moved to `data-s` attributes (`moveInlineStyles` in
 * `web/build/prerender-pages.ts`: the content security policy ignores a `style` attribute in the
 * document) inline styles again, once the app has hydrated the screen: what React would have set
 * itself, and what it will update from now on. A declaration the app has set meanwhile (an
 * animation's first frame) is kept; the attribute goes, and with it the rule that stood in.
 */
export function adoptPrerenderedStyles(root: ParentNode): void {
  const parsed = document.createElement('div').style;
  for (const element of root.querySelectorAll<HTMLElement | SVGElement>('[data-s]')) {
    parsed.cssText = element.getAttribute('data-s') ?? '';
    for (let index = 0; index < parsed.length; index += 1) {
      const name = parsed.item(index);
      if (element.style.getPropertyValue(name) !== '') continue;
      element.style.setProperty(
        name,
        parsed.getPropertyValue(name),
        parsed.getPropertyPriority(name),
      );
    }
    element.removeAttribute('data-s');
  }
}

/**
 * Releases the route's CSS the build inlined in a prerendered page (`<style data-stands-for>`,
 * web/build/prerender-pages.ts) once the stylesheets it stands for are linked: the page chunks'
 * sheets are linked as their code loads; the entry's, which only index.html linked, is linked
 * here, where the inlined copy stood, so the cascade keeps its order. Until each has loaded the
 * inlined copy stays (a sheet that fails keeps it for good); then it goes, so no rule is in the
 * document twice (twice the selector matching on every change the live feed makes).
 */
export async function releaseInlinedStyles(doc: Document): Promise<void> {
  const inlined = doc.querySelector<HTMLStyleElement>('style[data-stands-for]');
  if (inlined === null) return;
  const linked = new Set(
    [...doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map(
      (link) => new URL(link.href, doc.baseURI).pathname,
    ),
  );
  const loads = (inlined.dataset['standsFor'] ?? '')
    .split(' ')
    .filter((href) => href !== '' && !linked.has(href))
    .map(
      (href) =>
        new Promise<boolean>((settled) => {
          const link = doc.createElement('link');
          link.rel = 'stylesheet';
          // as index.html linked it: the same cache entry as the preloads
          link.crossOrigin = '';
          link.href = href;
          link.addEventListener('load', () => {
            settled(true);
          });
          link.addEventListener('error', () => {
            settled(false);
          });
          inlined.before(link);
        }),
    );
  if ((await Promise.all(loads)).every(Boolean)) inlined.remove();
}
