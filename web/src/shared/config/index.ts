export * from './runtime.ts';
export { $apiBase, $companyPlace, useAssetUrl } from './assets.ts';
