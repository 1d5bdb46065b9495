export { buildApp, type AppOptions } from './app.ts';
export { environmentSchema, readEnvironment, type Environment } from './config.ts';
export { ControlClient } from './control/client.ts';
export { servedPushes } from './domains.ts';
export { scenarioNames } from './scenarios.ts';
export { handlers, servedEndpoints, type ServedDomain } from './routes/index.ts';
