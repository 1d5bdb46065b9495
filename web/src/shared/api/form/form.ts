import { CODES } from '@bourse/protocol/envelope';
import { sample, type Effect, type EventCallable, type Store, type StoreWritable } from 'effector';
import { fieldErrorOf, isCodeError, type ApiError } from '../errors.ts';
import type { FormMessage } from '../refusal.ts';

/** What a form shows next to its fields. */
export type FormErrors<Field extends string> = Partial<Record<Field, FormMessage>>;

/** The errors without those of `fields`; the same object when none of them had one. */
export function withoutErrors<Field extends string>(
  errors: FormErrors<Field>,
  ...fields: Field[]
): FormErrors<Field> {
  return fields.some((field) => field in errors)
    ? (Object.fromEntries(
        Object.entries(errors).filter(([field]) => !fields.includes(field as Field)),
      ) as FormErrors<Field>)
    : errors;
}

/** A form's own checks as messages: each field's translation key, or null when it is fine. */
export function checkMessages<Field extends string>(
  keys: Record<Field, string | null>,
): FormErrors<Field> {
  const errors: FormErrors<Field> = {};
  for (const [field, key] of Object.entries(keys) as [Field, string | null][]) {
    if (key !== null) errors[field] = { key };
  }
  return errors;
}

/**
 * The form's own checks, plus what the server said of fields not edited since: a field's
 * server message (e.g. "This e-mail is already registered") stays until the field is edited.
 */
export const withServerErrors = <Field extends string>(
  previous: FormErrors<Field>,
  checks: FormErrors<Field>,
): FormErrors<Field> => ({
  ...(Object.fromEntries(
    Object.entries<FormMessage | undefined>(previous).filter(
      ([, message]) => message !== undefined && 'text' in message,
    ),
  ) as FormErrors<Field>),
  ...checks,
});

export interface FormSubmissionConfig<Values, Params, Done, Field extends string> {
  /** the user asked to send the form */
  clock: EventCallable<void>;
  /** what the form holds */
  source: Store<Values>;
  /** the form's own checks; the call is made only when there are none */
  check: (values: Values) => FormErrors<Field>;
  /** the request the form makes */
  request: (values: Values) => Params;
  /** the call; nothing is sent while it is under way */
  effect: Effect<Params, Done, ApiError>;
  /** the messages next to the fields */
  $errors: StoreWritable<FormErrors<Field>>;
  /** a refusal that belongs to no field, shown above the button */
  $formError: StoreWritable<string | null>;
  /** the form's field for each wire name a 400 "field: reason" may name */
  wireFields: Readonly<Record<string, Field>>;
}

/**
 * How our forms send: nothing while the call is under way; the form's own checks first; the
 * call only when they pass. Of the refusals, a 400 that names a field goes next to that field
 * and any other code above the button; 401, 500 and transport failures are the app's toasts.
 * Call it at module level, once per form. `checked` fires on each send that was checked.
 */
export function createFormSubmission<Values, Params, Done, Field extends string>({
  clock,
  source,
  check,
  request,
  effect,
  $errors,
  $formError,
  wireFields,
}: FormSubmissionConfig<Values, Params, Done, Field>) {
  const checked = sample({
    clock,
    source: { values: source, submitting: effect.pending },
    filter: ({ submitting }) => !submitting,
    fn: ({ values }) => ({ values, errors: check(values) }),
  });
  sample({
    clock: checked,
    source: $errors,
    fn: (previous, { errors }) => withServerErrors(previous, errors),
    target: $errors,
  });
  sample({ clock: checked, fn: () => null, target: $formError });
  sample({
    clock: checked,
    filter: ({ errors }) => Object.keys(errors).length === 0,
    fn: ({ values }) => request(values),
    target: effect,
  });

  const fieldOf = (error: ApiError): Field | null => {
    const wire = fieldErrorOf(error)?.field;
    return wire === undefined ? null : (wireFields[wire] ?? null);
  };
  sample({
    clock: effect.failData,
    source: $errors,
    filter: (_, error) => fieldOf(error) !== null,
    fn: (errors, error): FormErrors<Field> => {
      const field = fieldOf(error);
      return field === null
        ? errors
        : { ...errors, [field]: { text: fieldErrorOf(error)?.reason ?? error.msg } };
    },
    target: $errors,
  });
  sample({
    clock: effect.failData,
    filter: (error) =>
      isCodeError(error) &&
      error.code !== CODES.unauthorized &&
      error.code !== CODES.failed &&
      fieldOf(error) === null,
    fn: (error) => fieldErrorOf(error)?.reason ?? error.msg,
    target: $formError,
  });

  return { checked };
}
