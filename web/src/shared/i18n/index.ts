export * from './groups.ts';
export * from './instance.ts';
export * from './languages.ts';
export * from './model.ts';
export {
  DATE_STYLES,
  dateFormatOf,
  formatDateRange,
  useDateFormat,
  type DateStyle,
} from './use-date-format.ts';
