import { describe, expect, it } from 'vitest';
import { geoLink, placeFromQuery, placeOf, placeQuery } from './place.ts';

const OFFICE = {
  name: 'Bourse Markets',
  address: '25 Canada Square, London',
  latitude: 51.5049,
  longitude: -0.0195,
};

describe('a place in an address', () => {
  it('goes into a query and comes back out the same', () => {
    expect(placeFromQuery(new URLSearchParams(placeQuery(OFFICE)))).toEqual(OFFICE);
  });

  it('is refused without a name or with a coordinate out of range or not a number', () => {
    const query = (fields: Record<string, string>) =>
      placeFromQuery(new URLSearchParams({ name: 'A', lat: '1', lon: '2', ...fields }));
    expect(query({})).toMatchObject({ latitude: 1, longitude: 2, address: '' });
    expect(query({ name: ' ' })).toBeNull();
    expect(query({ lat: '91' })).toBeNull();
    expect(query({ lon: '-180.5' })).toBeNull();
    expect(query({ lat: '1e2' })).toBeNull();
    expect(query({ lon: '' })).toBeNull();
  });

  it("opens the phone's maps app with a geo: link that names it", () => {
    expect(geoLink(OFFICE)).toBe('geo:51.5049,-0.0195?q=51.5049,-0.0195(Bourse%20Markets)');
  });
});

describe('a place written as data (config.json)', () => {
  it('is read when every field is sound, and refused otherwise', () => {
    expect(placeOf(OFFICE)).toEqual(OFFICE);
    expect(placeOf(null)).toBeNull();
    expect(placeOf({ ...OFFICE, latitude: 95 })).toBeNull();
    expect(placeOf({ ...OFFICE, longitude: '0' })).toBeNull();
    expect(placeOf({ ...OFFICE, name: '' })).toBeNull();
  });
});
