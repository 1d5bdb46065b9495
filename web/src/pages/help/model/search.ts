/** What the help search compares: case, width and accents do not matter. */
export function normalizeText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').normalize('NFKC').toLocaleLowerCase();
}

const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/**
 * The words of an answer's HTML, for matching only (never shown): tags dropped, common
 * entities read.
 */
export function textOfHtml(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#\d+|#x[\da-f]+|[a-z]+);/gi, (entity: string, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X')) {
        return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
      }
      if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** The separate words of a query, normalised; none for a blank query. */
export function termsOf(query: string): string[] {
  return normalizeText(query)
    .split(/\s+/)
    .filter((term) => term !== '');
}

export interface Searchable {
  readonly title: string;
  readonly category: string;
  readonly content: string;
}

/**
 * The entries that hold every word of the query (in the question, its category or its answer),
 * those whose question holds them all first, each group in its original order.
 */
export function searchEntries<T extends Searchable>(entries: readonly T[], query: string): T[] {
  const terms = termsOf(query);
  if (terms.length === 0) return [];
  const inTitle: T[] = [];
  const elsewhere: T[] = [];
  for (const entry of entries) {
    const title = normalizeText(entry.title);
    const all = `${title} ${normalizeText(entry.category)} ${normalizeText(textOfHtml(entry.content))}`;
    if (!terms.every((term) => all.includes(term))) continue;
    if (terms.every((term) => title.includes(term))) inTitle.push(entry);
    else elsewhere.push(entry);
  }
  return [...inTitle, ...elsewhere];
}
