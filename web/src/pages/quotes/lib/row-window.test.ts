import { describe, expect, it } from 'vitest';
import { rowWindow } from './row-window.ts';

const phone = { count: 200, rowHeight: 60, viewportHeight: 840, overscan: 5 };

describe('the rows a long list renders', () => {
  it('are those on screen and a few more below, at the top of the page', () => {
    // the list starts 150 px down: rows 0–11 show, 5 more are ready below
    expect(rowWindow({ ...phone, listTop: 150 })).toEqual({ start: 0, end: 17 });
  });

  it('follow the scroll, with a few rows ready on each side', () => {
    // scrolled 3 000 px past the list's top: rows 50–63 show
    expect(rowWindow({ ...phone, listTop: -3000 })).toEqual({ start: 45, end: 69 });
  });

  it('stop at the last row', () => {
    expect(rowWindow({ ...phone, listTop: -11_500 })).toEqual({ start: 186, end: 200 });
    expect(rowWindow({ ...phone, listTop: -20_000 })).toEqual({ start: 200, end: 200 });
  });

  it('are none while the list is below the screen, but for those about to come in', () => {
    expect(rowWindow({ ...phone, listTop: 1200 })).toEqual({ start: 0, end: 0 });
    expect(rowWindow({ ...phone, listTop: 900 })).toEqual({ start: 0, end: 4 });
  });

  it('are all of a short list', () => {
    expect(rowWindow({ ...phone, count: 6, listTop: 150 })).toEqual({ start: 0, end: 6 });
    expect(rowWindow({ ...phone, count: 0, listTop: 150 })).toEqual({ start: 0, end: 0 });
  });
});
