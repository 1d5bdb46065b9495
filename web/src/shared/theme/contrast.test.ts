import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The design tokens (app/styles/theme.css, their one definition) meet WCAG AA in both themes:
 * 4.5:1 for every text colour on every background it is drawn on, text on solid colours included.
 */
const CSS = readFileSync(new URL('../../app/styles/theme.css', import.meta.url), 'utf8');

type Rgb = readonly [number, number, number];

/** The custom properties of the first rule whose selector is exactly `selector`. */
function tokensOf(selector: string): Record<string, string> {
  const start = CSS.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no ${selector} rule in theme.css`);
  const body = CSS.slice(CSS.indexOf('{', start) + 1, CSS.indexOf('}', start));
  const tokens: Record<string, string> = {};
  for (const [, name, value] of body.matchAll(/(--[\w-]+):\s*([^;]+);/g)) {
    if (name !== undefined && value !== undefined) tokens[name] = value.trim();
  }
  return tokens;
}

const DAY = tokensOf(':root');
const NIGHT = { ...DAY, ...tokensOf(":root[data-theme='night']") };

/** `#rrggbb` or `rgba(r, g, b, a)`, with its alpha. */
function parse(colour: string | undefined): { rgb: Rgb; alpha: number } {
  if (colour === undefined) throw new Error('missing token');
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  if (hex) {
    return {
      rgb: [hex[1], hex[2], hex[3]].map((part) => parseInt(part ?? '', 16)) as never,
      alpha: 1,
    };
  }
  const rgba = /^rgba\(\s*(\d+),\s*(\d+),\s*(\d+),\s*([\d.]+)\s*\)$/.exec(colour);
  if (rgba) {
    const [, r, g, b, a] = rgba;
    return { rgb: [Number(r), Number(g), Number(b)], alpha: Number(a) };
  }
  throw new Error(`cannot read colour ${colour}`);
}

/** A colour laid over an opaque one. */
function over(top: string | undefined, under: Rgb): Rgb {
  const { rgb, alpha } = parse(top);
  return rgb.map((channel, i) => alpha * channel + (1 - alpha) * (under[i] ?? 0)) as never;
}

const luminance = (rgb: Rgb): number => {
  const [r, g, b] = rgb.map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

export function contrast(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const TEXTS = ['text', 'muted', 'primary', 'profit', 'loss', 'warning'];
const BACKGROUNDS = ['bg', 'surface', 'surface-2'];
const SOLIDS = ['primary', 'profit', 'loss', 'warning'];

/** Every pair a screen draws: [what, ratio]. */
function pairsOf(tokens: Record<string, string>): [string, number][] {
  const token = (name: string) => tokens[`--color-${name}`];
  const opaque = (name: string): Rgb => over(token(name), [0, 0, 0]);
  const pairs: [string, number][] = [];
  for (const fore of TEXTS) {
    for (const back of BACKGROUNDS) {
      pairs.push([`${fore} on ${back}`, contrast(opaque(fore), opaque(back))]);
    }
  }
  for (const back of SOLIDS) {
    pairs.push([`on-solid on ${back}`, contrast(opaque('on-solid'), opaque(back))]);
  }
  // The tinted circles (support icons, avatars, IPO badges) sit on cards and on the page.
  for (const back of ['bg', 'surface']) {
    const tint = over(token('primary-soft'), opaque(back));
    pairs.push([`primary on primary-soft over ${back}`, contrast(opaque('primary'), tint)]);
  }
  return pairs;
}

describe('theme tokens', () => {
  it.each([
    ['day', DAY],
    ['night', NIGHT],
  ] as const)('%s: every text colour meets AA (4.5:1) on what it is drawn on', (_, tokens) => {
    const pairs = pairsOf(tokens);
    expect(pairs.length).toBe(TEXTS.length * BACKGROUNDS.length + SOLIDS.length + 2);
    expect(
      pairs
        .filter(([, ratio]) => ratio < 4.5)
        .map(([what, ratio]) => `${what}: ${ratio.toFixed(2)}`),
    ).toStrictEqual([]);
  });

  it('computes ratios as WCAG does', () => {
    expect(contrast([0, 0, 0], [255, 255, 255])).toBeCloseTo(21, 5);
    expect(contrast([118, 118, 118], [255, 255, 255])).toBeCloseTo(4.54, 2);
  });
});
