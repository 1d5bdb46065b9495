/**
 * Made on first use, not when the module loads: building a segmenter loads the browser's break
 * rules, a long task on a phone, and the shell loads this module before any screen draws.
 */
let graphemes: Intl.Segmenter | null = null;

/** The user-perceived characters of a text (an emoji with its modifiers counts as one). */
export const charactersOf = (text: string): string[] =>
  Array.from(
    (graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' })).segment(text),
    ({ segment }) => segment,
  );

/** The letter that stands for a name: its first character, upper-cased; '?' for a blank name. */
export function initialOf(name: string): string {
  const first = charactersOf(name.trim())[0];
  return first === undefined ? '?' : first.toLocaleUpperCase();
}
