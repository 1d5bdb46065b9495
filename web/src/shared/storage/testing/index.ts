// Test helpers only: imported by *.test.ts as `#shared/storage/testing`, never by the app.
export { installMemoryStorage } from './memory-storage.ts';
