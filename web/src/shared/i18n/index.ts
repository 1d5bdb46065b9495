export * from './instance.ts';
export * from './languages.ts';
export * from './model.ts';
export { useDateFormat } from './use-date-format.ts';
