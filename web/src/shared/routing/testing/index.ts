// Test helpers only: imported by *.test.ts as `#shared/routing/testing`, never by the app.
export { recordNavigations } from './navigations.ts';
