/**
 * A place as the location pages pass it in an address's query: `name`, `address`, `lat`, `lon`
 * (decimal degrees, WGS 84). /open-location shows one; /choose-location returns one to the page
 * whose path it was given in `return` (see docs in README: "Places").
 */
export interface Place {
  readonly name: string;
  readonly address: string;
  readonly latitude: number;
  readonly longitude: number;
}

export const PLACE_PARAMS = { name: 'name', address: 'address', lat: 'lat', lon: 'lon' } as const;

const coordinate = (text: string | null, bound: number): number | null => {
  if (text === null || !/^-?\d{1,3}(\.\d{1,8})?$/.test(text.trim())) return null;
  const value = Number(text);
  return Math.abs(value) <= bound ? value : null;
};

/** The place a query names; null when its name or a coordinate is missing or out of range. */
export function placeFromQuery(query: URLSearchParams): Place | null {
  const name = query.get(PLACE_PARAMS.name)?.trim() ?? '';
  const latitude = coordinate(query.get(PLACE_PARAMS.lat), 90);
  const longitude = coordinate(query.get(PLACE_PARAMS.lon), 180);
  if (name === '' || latitude === null || longitude === null) return null;
  return { name, address: query.get(PLACE_PARAMS.address)?.trim() ?? '', latitude, longitude };
}

/** A place as query parameters (without the `?`), coordinates to 6 decimals (about 0.1 m). */
export function placeQuery(place: Place): string {
  return new URLSearchParams({
    [PLACE_PARAMS.name]: place.name,
    ...(place.address === '' ? {} : { [PLACE_PARAMS.address]: place.address }),
    [PLACE_PARAMS.lat]: String(Number(place.latitude.toFixed(6))),
    [PLACE_PARAMS.lon]: String(Number(place.longitude.toFixed(6))),
  }).toString();
}

/**
 * The link that opens the phone's maps app on the place (RFC 5870 `geo:` with the label query
 * Android and iOS maps read): `geo:51.5049,-0.0195?q=51.5049,-0.0195(Bourse)`.
 */
export function geoLink(place: Place): string {
  const at = `${String(place.latitude)},${String(place.longitude)}`;
  return `geo:${at}?q=${at}(${encodeURIComponent(place.name)})`;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** A place written as data (config.json `company`); null unless every field is there and sound. */
export function placeOf(value: unknown): Place | null {
  if (!isRecord(value)) return null;
  const { name, address, latitude, longitude } = value;
  if (typeof name !== 'string' || name.trim() === '' || typeof address !== 'string') return null;
  if (typeof latitude !== 'number' || Math.abs(latitude) > 90) return null;
  if (typeof longitude !== 'number' || Math.abs(longitude) > 180) return null;
  return { name: name.trim(), address: address.trim(), latitude, longitude };
}
