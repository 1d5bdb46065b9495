import { describe, expect, it } from 'vitest';
import { isMarketOpen } from './trading-hours.ts';

describe('isMarketOpen', () => {
  it('keeps crypto open all week', () => {
    expect(isMarketOpen('crypto', Date.UTC(2026, 10, 21, 3))).toBe(true);
  });
  it('opens US stocks 09:30–16:00 New York on weekdays', () => {
    expect(isMarketOpen('stock', Date.UTC(2026, 10, 18, 14, 30))).toBe(true); // 09:30 EST
    expect(isMarketOpen('stock', Date.UTC(2026, 10, 18, 14, 29))).toBe(false);
    expect(isMarketOpen('stock', Date.UTC(2026, 10, 18, 21, 0))).toBe(false); // 16:00 EST
    expect(isMarketOpen('stock', Date.UTC(2026, 6, 15, 13, 30))).toBe(true); // 09:30 EDT
    expect(isMarketOpen('stock', Date.UTC(2026, 10, 21, 15))).toBe(false); // Saturday
  });
  it('runs forex Sunday 17:00 to Friday 17:00 and pauses metals daily', () => {
    expect(isMarketOpen('forex', Date.UTC(2026, 10, 22, 21, 59))).toBe(false); // Sun 16:59 EST
    expect(isMarketOpen('forex', Date.UTC(2026, 10, 22, 22, 0))).toBe(true);
    expect(isMarketOpen('forex', Date.UTC(2026, 10, 20, 22, 0))).toBe(false); // Fri 17:00
    expect(isMarketOpen('forex', Date.UTC(2026, 10, 18, 22, 30))).toBe(true);
    expect(isMarketOpen('metal', Date.UTC(2026, 10, 18, 22, 30))).toBe(false);
    expect(isMarketOpen('metal', Date.UTC(2026, 10, 18, 23, 0))).toBe(true);
  });
});
