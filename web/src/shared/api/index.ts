export {
  createApiClient,
  type ApiClient,
  type ApiClientOptions,
  type ApiLogger,
  type Credentials,
} from './client.ts';
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
