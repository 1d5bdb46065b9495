/** The flag of an ISO 3166 alpha-2 country, drawn by the system's emoji font. */
export const flagOf = (iso: string): string =>
  /^[A-Za-z]{2}$/.test(iso)
    ? String.fromCodePoint(
        ...Array.from({ length: 2 }, (_, i) => 0x1f1e6 + iso.toUpperCase().charCodeAt(i) - 65),
      )
    : '';
