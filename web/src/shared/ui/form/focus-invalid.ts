import { useEffect, useRef, type RefObject } from 'react';

/** The fields that hold a message: an errors record's keys with a value, or one field's message. */
const invalidFields = (errors: unknown): string[] => {
  if (errors === null || errors === undefined || errors === false || errors === '') return [];
  if (typeof errors !== 'object') return ['field'];
  if ('key' in errors || 'text' in errors) return ['field'];
  return Object.entries(errors)
    .filter(([, message]) => message !== undefined && message !== null)
    .map(([field]) => field);
};

/**
 * After a failed submit, focus moves to the first invalid control (`aria-invalid="true"`, in the
 * page's order), so a keyboard or screen-reader user lands on what to fix. A form's errors are a
 * new value on every submit that fails (its own checks, or the server naming a field); editing a
 * field only takes messages away, and then focus stays where the user is typing.
 */
export function useFocusFirstInvalid(errors: unknown, scope?: RefObject<HTMLElement | null>): void {
  const previous = useRef(errors);
  useEffect(() => {
    const before = invalidFields(previous.current);
    const changed = previous.current !== errors;
    previous.current = errors;
    if (!changed) return;
    const now = invalidFields(errors);
    if (now.length === 0) return;
    const onlyFewer = now.length < before.length && now.every((field) => before.includes(field));
    if (onlyFewer) return;
    const root = scope?.current ?? document;
    root.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors, scope]);
}
