// Test helpers only: imported by *.test.ts as `#shared/api/testing`, never by the app, so they
// stay out of the bundle.
export {
  failWith,
  fakeClient,
  type FakeClient,
  type RecordedCall,
  type Reply,
  type SentRequest,
} from './fake-client.ts';
