export * from './instance.ts';
export * from './model.ts';
export { useDateFormat } from './use-date-format.ts';
