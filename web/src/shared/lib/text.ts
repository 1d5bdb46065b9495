const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The user-perceived characters of a text (an emoji with its modifiers counts as one). */
export const charactersOf = (text: string): string[] =>
  Array.from(graphemes.segment(text), ({ segment }) => segment);

/** The letter that stands for a name: its first character, upper-cased; '?' for a blank name. */
export function initialOf(name: string): string {
  const first = charactersOf(name.trim())[0];
  return first === undefined ? '?' : first.toLocaleUpperCase();
}
