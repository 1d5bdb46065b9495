export * from './model.ts';
export * from './remembered.ts';
