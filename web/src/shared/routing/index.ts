export * from './paths.ts';
export * from './model.ts';
export * from './landing.ts';
export * from './go-back.ts';
export * from './available.ts';
export * from './links.ts';
