export * from './runtime.ts';
export { $apiBase, useAssetUrl } from './assets.ts';
