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
