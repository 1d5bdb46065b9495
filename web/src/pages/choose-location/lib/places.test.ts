import { describe, expect, it } from 'vitest';
import { PLACES, returnLink, searchPlaces } from './places.ts';

describe('searching a place offline', () => {
  it('finds names that start with the search first, accents or not', () => {
    expect(searchPlaces('sao').map((place) => place.name)).toEqual(['São Paulo']);
    expect(searchPlaces('ZURICH')[0]?.name).toBe('Zürich');
    // London starts with it, Barcelona only contains it
    expect(searchPlaces('lon').map((place) => place.name)).toEqual(['London', 'Barcelona']);
  });

  it('finds a country too, and nothing for an empty search', () => {
    expect(searchPlaces('japan').map((place) => place.name)).toEqual(['Osaka', 'Tokyo']);
    expect(searchPlaces('  ')).toEqual([]);
  });

  it('knows only sound coordinates', () => {
    for (const place of PLACES) {
      expect(Math.abs(place.latitude)).toBeLessThanOrEqual(90);
      expect(Math.abs(place.longitude)).toBeLessThanOrEqual(180);
    }
  });
});

describe('going back with the place', () => {
  const registered = (path: string) => path.startsWith('/open-location');

  it('adds the place to the return path, keeping its own query', () => {
    expect(returnLink('/open-location?from=x', 'name=Tokyo&lat=1&lon=2', registered)).toBe(
      '/open-location?from=x&name=Tokyo&lat=1&lon=2',
    );
  });

  it('goes nowhere outside the app or to a page this build does not have', () => {
    expect(returnLink('//evil.example/x', 'name=A', registered)).toBeNull();
    expect(returnLink('https://evil.example', 'name=A', registered)).toBeNull();
    expect(returnLink('/pages/nowhere/nowhere', 'name=A', registered)).toBeNull();
    expect(returnLink(null, 'name=A', registered)).toBeNull();
  });
});
