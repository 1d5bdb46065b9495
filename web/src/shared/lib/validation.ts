import { email as emailSchema, emailCode, password as passwordSchema } from '@bourse/protocol';

/**
 * Form rules of SPEC.md §5, answering a translation key (or null when the value is fine). The
 * rules themselves are the protocol's schemas, so the form and the server never disagree.
 */
export type ValidationKey =
  | 'validation.required'
  | 'validation.email'
  | 'validation.password'
  | 'validation.passwordsMismatch'
  | 'validation.code'
  | 'validation.agreement';

export const required = (value: string): ValidationKey | null =>
  value.trim() === '' ? 'validation.required' : null;

export const validEmail = (value: string): ValidationKey | null =>
  required(value) ?? (emailSchema.safeParse(value.trim()).success ? null : 'validation.email');

export const validPassword = (value: string): ValidationKey | null =>
  required(value) ?? (passwordSchema.safeParse(value).success ? null : 'validation.password');

export const matchingPassword = (password: string, confirm: string): ValidationKey | null =>
  required(confirm) ?? (password === confirm ? null : 'validation.passwordsMismatch');

export const validCode = (value: string): ValidationKey | null =>
  required(value) ?? (emailCode.safeParse(value.trim()).success ? null : 'validation.code');

/** The first failing rule of each field, or an empty object when the form is valid. */
export function validate<Field extends string>(
  rules: Record<Field, () => ValidationKey | null>,
): Partial<Record<Field, ValidationKey>> {
  const errors: Partial<Record<Field, ValidationKey>> = {};
  for (const field of Object.keys(rules) as Field[]) {
    const error = rules[field]();
    if (error) errors[field] = error;
  }
  return errors;
}
