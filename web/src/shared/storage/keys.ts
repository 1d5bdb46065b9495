// The keys live with the protocol, so the mock's single-use sign-in page writes a session where
// this app reads it without importing web code. Plain data: the build reads it too.
export * from '@bourse/protocol/storage';
