export * from './config.ts';
export * from './envelope.ts';
export * from './schemas.ts';
export type { Codec } from './codec/types.ts';
export * from './endpoints/endpoint.ts';
export * from './endpoints/catalogue.ts';
export * from './endpoints/auth.ts';
export * from './endpoints/user.ts';
export * from './endpoints/index.ts';
