export * from './frame.ts';
export * from './lifecycle.ts';
export * from './uuid.ts';
export * from './validation.ts';
export * from './clipboard.ts';
export * from './text.ts';
export * from './idle.ts';
export * from './photo.ts';
