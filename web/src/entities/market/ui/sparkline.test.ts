import { describe, expect, it } from 'vitest';
import { sparklinePoints } from './sparkline.tsx';

describe('the sparkline', () => {
  it('spans the box: oldest close on the left, highest at the top, lowest at the bottom', () => {
    expect(sparklinePoints(['10', '20', '15'], 100, 22)).toBe('0.0,21.0 50.0,1.0 100.0,11.0');
  });

  it('draws a flat line through the middle when nothing moved, and nothing without two closes', () => {
    expect(sparklinePoints(['5.5', '5.50'], 40, 20)).toBe('0.0,10.0 40.0,10.0');
    expect(sparklinePoints(['5'], 40, 20)).toBe('');
  });
});
