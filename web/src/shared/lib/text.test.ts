import { describe, expect, it } from 'vitest';
import { charactersOf, initialOf } from './text.ts';

describe('initialOf', () => {
  it('is the first character a reader sees, upper-cased', () => {
    expect(initialOf('  moonwalker')).toBe('M');
    expect(initialOf('交易員')).toBe('交');
    expect(initialOf('👩🏽‍💻 dev')).toBe('👩🏽‍💻');
    expect(initialOf('élan')).toBe('É');
  });

  it('is a question mark for a blank name', () => {
    expect(initialOf('')).toBe('?');
    expect(initialOf('   ')).toBe('?');
  });
});

describe('charactersOf', () => {
  it('counts an emoji with its modifiers as one character', () => {
    expect(charactersOf('a👩🏽‍💻b')).toEqual(['a', '👩🏽‍💻', 'b']);
  });
});
