import { allSettled, createEffect, createEvent, createStore, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../errors.ts';
import {
  checkMessages,
  createFormSubmission,
  withoutErrors,
  withServerErrors,
  type FormErrors,
} from './form.ts';

type Field = 'name' | 'age';

describe('the errors of a form', () => {
  it('lose the fields edited, and stay the same object when those had none', () => {
    const errors: FormErrors<Field> = {
      name: { key: 'validation.required' },
      age: { text: 'Too old' },
    };

    expect(withoutErrors(errors, 'name')).toStrictEqual({ age: { text: 'Too old' } });
    expect(withoutErrors(errors, 'name', 'age')).toStrictEqual({});
    expect(withoutErrors<Field>({ age: { text: 'Too old' } }, 'name')).toStrictEqual({
      age: { text: 'Too old' },
    });
    const unchanged: FormErrors<Field> = { age: { text: 'Too old' } };
    expect(withoutErrors(unchanged, 'name')).toBe(unchanged);
  });

  it('are the failing checks as translation keys', () => {
    expect(checkMessages<Field>({ name: 'validation.required', age: null })).toStrictEqual({
      name: { key: 'validation.required' },
    });
  });

  it("keep the server's words on fields not edited since, under the form's own checks", () => {
    const previous: FormErrors<Field> = {
      name: { text: 'Taken' },
      age: { key: 'validation.required' },
    };

    expect(withServerErrors(previous, {})).toStrictEqual({ name: { text: 'Taken' } });
    expect(withServerErrors(previous, { name: { key: 'validation.required' } })).toStrictEqual({
      name: { key: 'validation.required' },
    });
  });
});

describe('sending a form', () => {
  const submitted = createEvent();
  const $values = createStore({ name: '', age: '' });
  const $errors = createStore<FormErrors<Field>>({});
  const $formError = createStore<string | null>(null);
  const saveFx = createEffect<{ name: string; age: number }, null, ApiError>();
  createFormSubmission({
    clock: submitted,
    source: $values,
    check: (values) =>
      checkMessages<Field>({
        name: values.name === '' ? 'validation.required' : null,
        age: values.age === '' ? 'validation.required' : null,
      }),
    request: (values) => ({ name: values.name, age: Number(values.age) }),
    effect: saveFx,
    $errors,
    $formError,
    wireFields: { name: 'name', age_years: 'age' },
  });

  const refusal = (code: number, msg: string) => () =>
    Promise.reject(new ApiError({ kind: 'code', code, msg }));

  function setup(save: (params: { name: string; age: number }) => Promise<null>) {
    const handler = vi.fn(save);
    const scope = fork({
      values: [[$values, { name: 'Ann', age: '42' }]],
      handlers: [[saveFx, handler]],
    });
    return { scope, handler };
  }

  it('checks the form first and calls only when the checks pass', async () => {
    const { scope, handler } = setup(() => Promise.resolve(null));
    await allSettled($values, { scope, params: { name: '', age: '42' } });

    await allSettled(submitted, { scope });
    expect(scope.getState($errors)).toStrictEqual({ name: { key: 'validation.required' } });
    expect(handler).not.toHaveBeenCalled();

    await allSettled($values, { scope, params: { name: 'Ann', age: '42' } });
    await allSettled(submitted, { scope });
    expect(scope.getState($errors)).toStrictEqual({});
    expect(handler).toHaveBeenCalledWith({ name: 'Ann', age: 42 });
  });

  it('puts a 400 that names a field next to that field, by its wire name', async () => {
    const { scope } = setup(refusal(400, 'age_years: must be at least 18'));

    await allSettled(submitted, { scope });

    expect(scope.getState($errors)).toStrictEqual({ age: { text: 'must be at least 18' } });
    expect(scope.getState($formError)).toBeNull();
  });

  it('shows any other refusal above the button, and leaves 401 and 500 to the app', async () => {
    const tooMany = setup(refusal(429, 'Too many requests'));
    await allSettled(submitted, { scope: tooMany.scope });
    expect(tooMany.scope.getState($formError)).toBe('Too many requests');
    expect(tooMany.scope.getState($errors)).toStrictEqual({});

    for (const code of [401, 500]) {
      const { scope } = setup(refusal(code, 'Not now'));
      await allSettled(submitted, { scope });
      expect(scope.getState($formError)).toBeNull();
    }
  });

  it('sends nothing while a call is under way', async () => {
    let finish: () => void = () => undefined;
    const { scope, handler } = setup(
      () =>
        new Promise<null>((resolve) => {
          finish = () => {
            resolve(null);
          };
        }),
    );

    const first = allSettled(submitted, { scope });
    const second = allSettled(submitted, { scope });
    finish();
    await Promise.all([first, second]);

    expect(handler).toHaveBeenCalledTimes(1);
  });
});
