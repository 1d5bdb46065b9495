import { createStore } from 'effector';
import { useUnit } from 'effector-react';
import { resolveAssetUrl } from './runtime.ts';

/** The configured API origin (config.json `apiBase`), set in the app's scope at start. */
export const $apiBase = createStore('', { serialize: 'ignore' });

/** config.json `company` as written (read it with `placeOf`); null when the deployment names none. */
export const $companyPlace = createStore<unknown>(null, { serialize: 'ignore' });

/** The address to load an image the API named from (see `resolveAssetUrl`). */
export function useAssetUrl(url: string): string {
  return resolveAssetUrl(useUnit($apiBase), url);
}
