// What other workspaces (the Pact suites, the round trip) import as `@bourse/web/api`: the app's
// API surface and the HTTP client, which they build with a codec of their own.
export * from './index.ts';
export { createApiClient } from './client.ts';
