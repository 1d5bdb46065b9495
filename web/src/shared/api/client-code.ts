/**
 * The API client's code, one chunk: the HTTP client and the payload cipher. Every call needs both,
 * so a signed-in start (which index.html preloads) and a guest's first call fetch one file
 * rather than two.
 */
export { createApiClient } from './client.ts';
export { createBrowserCodec, createWebCryptoDecrypt } from '@bourse/protocol/codec/browser';
