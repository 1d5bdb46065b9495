export * from './account-type.ts';
export * from './model.ts';
export * from './remembered.ts';
