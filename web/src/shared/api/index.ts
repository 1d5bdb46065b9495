// The HTTP client itself (`createApiClient`) is not exported here: the app loads it with the first
// call (`createBrowserApiClient`), and a static export would put it in the entry chunk. Other
// workspaces import it from `@bourse/web/api` (workspace-entry.ts).
export type { ApiClient, ApiClientOptions, ApiLogger, Credentials } from './client.ts';
export {
  ApiError,
  fieldErrorOf,
  isApiError,
  isCodeError,
  isInvalidReply,
  isTransportError,
  parseFieldError,
  type ApiErrorInit,
  type ApiErrorKind,
  type FieldError,
} from './errors.ts';
export {
  createBrowserApiClient,
  createLazyApiClient,
  preloadApiClient,
  type BrowserApiClientOptions,
} from './browser-client.ts';
export {
  $apiClient,
  $credentials,
  $loadingVisible,
  createApiEffect,
  credentialsChanged,
  serverFailed,
  sessionExpired,
  transportFailed,
  type ApiEffectOptions,
} from './model.ts';
export { refusalOf, type FormMessage, type Refusal } from './refusal.ts';
