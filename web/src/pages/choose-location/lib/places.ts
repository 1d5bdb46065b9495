import type { Place } from '#shared/place';

/**
 * The places the search knows offline: capitals and financial centres, by their English names
 * (proper nouns, the same in every language the app speaks), with the country for the address.
 */
const CITIES: ReadonlyArray<readonly [string, string, number, number]> = [
  ['Amsterdam', 'Netherlands', 52.3676, 4.9041],
  ['Athens', 'Greece', 37.9838, 23.7275],
  ['Auckland', 'New Zealand', -36.8485, 174.7633],
  ['Bangkok', 'Thailand', 13.7563, 100.5018],
  ['Barcelona', 'Spain', 41.3874, 2.1686],
  ['Beijing', 'China', 39.9042, 116.4074],
  ['Berlin', 'Germany', 52.52, 13.405],
  ['Bogotá', 'Colombia', 4.711, -74.0721],
  ['Brussels', 'Belgium', 50.8503, 4.3517],
  ['Buenos Aires', 'Argentina', -34.6037, -58.3816],
  ['Cairo', 'Egypt', 30.0444, 31.2357],
  ['Cape Town', 'South Africa', -33.9249, 18.4241],
  ['Chicago', 'United States', 41.8781, -87.6298],
  ['Copenhagen', 'Denmark', 55.6761, 12.5683],
  ['Dubai', 'United Arab Emirates', 25.2048, 55.2708],
  ['Dublin', 'Ireland', 53.3498, -6.2603],
  ['Frankfurt', 'Germany', 50.1109, 8.6821],
  ['Geneva', 'Switzerland', 46.2044, 6.1432],
  ['Hong Kong', 'China', 22.3193, 114.1694],
  ['Istanbul', 'Türkiye', 41.0082, 28.9784],
  ['Jakarta', 'Indonesia', -6.2088, 106.8456],
  ['Johannesburg', 'South Africa', -26.2041, 28.0473],
  ['Kuala Lumpur', 'Malaysia', 3.139, 101.6869],
  ['Lagos', 'Nigeria', 6.5244, 3.3792],
  ['Lima', 'Peru', -12.0464, -77.0428],
  ['Lisbon', 'Portugal', 38.7223, -9.1393],
  ['London', 'United Kingdom', 51.5072, -0.1276],
  ['Los Angeles', 'United States', 34.0522, -118.2437],
  ['Luxembourg', 'Luxembourg', 49.6116, 6.1319],
  ['Madrid', 'Spain', 40.4168, -3.7038],
  ['Manila', 'Philippines', 14.5995, 120.9842],
  ['Melbourne', 'Australia', -37.8136, 144.9631],
  ['Mexico City', 'Mexico', 19.4326, -99.1332],
  ['Milan', 'Italy', 45.4642, 9.19],
  ['Montréal', 'Canada', 45.5019, -73.5674],
  ['Mumbai', 'India', 19.076, 72.8777],
  ['Munich', 'Germany', 48.1351, 11.582],
  ['Nairobi', 'Kenya', -1.2921, 36.8219],
  ['New York', 'United States', 40.7128, -74.006],
  ['Osaka', 'Japan', 34.6937, 135.5023],
  ['Oslo', 'Norway', 59.9139, 10.7522],
  ['Paris', 'France', 48.8566, 2.3522],
  ['Porto', 'Portugal', 41.1579, -8.6291],
  ['Rio de Janeiro', 'Brazil', -22.9068, -43.1729],
  ['Rome', 'Italy', 41.9028, 12.4964],
  ['San Francisco', 'United States', 37.7749, -122.4194],
  ['Santiago', 'Chile', -33.4489, -70.6693],
  ['São Paulo', 'Brazil', -23.5558, -46.6396],
  ['Seoul', 'South Korea', 37.5665, 126.978],
  ['Shanghai', 'China', 31.2304, 121.4737],
  ['Singapore', 'Singapore', 1.3521, 103.8198],
  ['Stockholm', 'Sweden', 59.3293, 18.0686],
  ['Sydney', 'Australia', -33.8688, 151.2093],
  ['Taipei', 'Taiwan', 25.033, 121.5654],
  ['Tokyo', 'Japan', 35.6762, 139.6503],
  ['Toronto', 'Canada', 43.6532, -79.3832],
  ['Vienna', 'Austria', 48.2082, 16.3738],
  ['Warsaw', 'Poland', 52.2297, 21.0122],
  ['Zürich', 'Switzerland', 47.3769, 8.5417],
];

export const PLACES: readonly Place[] = CITIES.map(([name, country, latitude, longitude]) => ({
  name,
  address: country,
  latitude,
  longitude,
}));

/** Lower case without accents: "São Paulo" is found by "sao paulo", "Zürich" by "zurich". */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();

/** How many places a search lists at most. */
export const MATCHES_SHOWN = 8;

/**
 * The places whose name (first) or country matches what was typed, names that start with it
 * before names that contain it; nothing for an empty search.
 */
export function searchPlaces(query: string, places: readonly Place[] = PLACES): readonly Place[] {
  const wanted = folded(query);
  if (wanted === '') return [];
  const rank = (place: Place): number => {
    const name = folded(place.name);
    if (name.startsWith(wanted)) return 0;
    if (name.includes(wanted)) return 1;
    return folded(place.address).includes(wanted) ? 2 : -1;
  };
  return places
    .map((place) => ({ place, rank: rank(place) }))
    .filter(({ rank: found }) => found >= 0)
    .sort((a, b) => a.rank - b.rank || a.place.name.localeCompare(b.place.name))
    .slice(0, MATCHES_SHOWN)
    .map(({ place }) => place);
}

/**
 * Where the choice goes back to: the `return` path with the place in its query (its own query
 * kept). Only an in-app path that `isRegistered` says this build has; otherwise null.
 */
export function returnLink(
  returnTo: string | null,
  placeQuery: string,
  isRegistered: (path: string) => boolean,
): string | null {
  if (returnTo === null || !returnTo.startsWith('/') || returnTo.startsWith('//')) return null;
  if (!isRegistered(returnTo)) return null;
  const [path = '', query = ''] = returnTo.split('?', 2);
  const merged = new URLSearchParams(query.split('#', 1)[0]);
  for (const [key, value] of new URLSearchParams(placeQuery)) merged.set(key, value);
  return `${path}?${merged.toString()}`;
}
