/** The colours the chart draws with. */
export interface ChartTheme {
  readonly background: string;
  readonly text: string;
  readonly muted: string;
  readonly grid: string;
  readonly up: string;
  readonly down: string;
  readonly crosshair: string;
  readonly labelText: string;
  /** the three moving averages, shortest window first */
  readonly ma: readonly [string, string, string];
}

/** The day theme's tokens (app/styles/theme.css), for a chart outside the app. */
export const DAY_THEME: ChartTheme = {
  background: '#ffffff',
  text: '#1e2329',
  muted: '#707a8a',
  grid: '#e6e8ea',
  up: '#03a66d',
  down: '#cf304a',
  crosshair: '#707a8a',
  labelText: '#ffffff',
  ma: ['#f0b90b', '#c04cfd', '#1e6fff'],
};

const read = (style: CSSStyleDeclaration, name: string, fallback: string): string => {
  const value = style.getPropertyValue(name).trim();
  return value === '' ? fallback : value;
};

/**
 * The chart's colours from the design tokens (CSS variables) in effect on `element`: the
 * surface, text, border, profit green, loss red and text-on-solid of the current theme.
 */
export function themeFromCss(element: Element): ChartTheme {
  const style = getComputedStyle(element);
  const muted = read(style, '--color-muted', DAY_THEME.muted);
  return {
    background: read(style, '--color-surface', DAY_THEME.background),
    text: read(style, '--color-text', DAY_THEME.text),
    muted,
    grid: read(style, '--color-border', DAY_THEME.grid),
    up: read(style, '--color-profit', DAY_THEME.up),
    down: read(style, '--color-loss', DAY_THEME.down),
    crosshair: muted,
    // the last-price tag is text on the profit or loss colour: the theme's text-on-solid
    labelText: read(style, '--color-on-solid', DAY_THEME.labelText),
    // yellow, violet, blue: the tokens have no violet, and it reads on both backgrounds
    ma: [
      read(style, '--color-warning', DAY_THEME.ma[0]),
      DAY_THEME.ma[1],
      read(style, '--color-primary', DAY_THEME.ma[2]),
    ],
  };
}
