import { endpoints } from '@bourse/protocol';
import { createEmailCodeSender } from '#features/email-code';
import { createApiEffect } from '#shared/api';
import { required, validate, validCode } from '#shared/lib';
import { rememberedAccountForgotten, sessionEnded } from '#shared/session';
import { notifyFx } from '#shared/ui/toast';
import { createEvent, createStore, sample } from 'effector';
import { refusalOf, type FormMessage } from '#shared/api';
import { $sheet, SetupPageGate } from './page.ts';

export type DeleteField = 'password' | 'code';
export type DeleteErrors = Partial<Record<DeleteField | 'form', FormMessage>>;

/** The code that confirms the deletion is e-mailed to the user's own address. */
export const deleteCodeSender = createEmailCodeSender(endpoints.user.sendEmail);
export const deleteUserFx = createApiEffect(endpoints.user.deleteUser);

export const deletePasswordChanged = createEvent<string>();
export const deleteCodeChanged = createEvent<string>();
export const deleteCodeRequested = createEvent();
export const deleteSubmitted = createEvent();

export const $deletePassword = createStore('');
export const $deleteCode = createStore('');
export const $deleteErrors = createStore<DeleteErrors>({});
/** A code has been sent since the page opened. */
export const $deleteCodeSent = createStore(false);
export const $deleting = deleteUserFx.pending;

sample({ clock: deletePasswordChanged, target: $deletePassword });
sample({ clock: deleteCodeChanged, target: $deleteCode });
// Editing a field takes its error away (and the form's, which may have been about it).
$deleteErrors
  .on(deletePasswordChanged, ({ code }) => (code ? { code } : {}))
  .on(deleteCodeChanged, ({ password }) => (password ? { password } : {}));

sample({
  clock: deleteCodeRequested,
  fn: () => ({ purpose: 'delete_account' as const }),
  target: deleteCodeSender.sendRequested,
});
$deleteCodeSent.on(deleteCodeSender.sent, () => true);
// A code is on its way: the field says so, rather than an earlier "required".
$deleteErrors.on(deleteCodeSender.sent, ({ code: _sent, ...errors }) => errors);

const checked = sample({
  clock: deleteSubmitted,
  source: { password: $deletePassword, code: $deleteCode },
  filter: $deleting.map((deleting) => !deleting),
  fn: ({ password, code }) => ({
    body: { password, code: code.trim() },
    errors: validate<DeleteField>({
      password: () => required(password),
      code: () => validCode(code),
    }),
  }),
});
sample({
  clock: checked,
  fn: ({ errors }): DeleteErrors =>
    Object.fromEntries(Object.entries(errors).map(([field, key]) => [field, { key }])),
  target: $deleteErrors,
});
sample({
  clock: checked,
  filter: ({ errors }) => Object.keys(errors).length === 0,
  fn: ({ body }) => body,
  target: deleteUserFx,
});

// Nothing of a deleted account stays on the device, the remembered e-mail included.
sample({ clock: deleteUserFx.done, target: rememberedAccountForgotten });
sample({ clock: deleteUserFx.done, target: sessionEnded });
sample({ clock: deleteUserFx.done, fn: () => 'setup.delete.done', target: notifyFx });

sample({
  clock: deleteUserFx.failData,
  fn: (error): DeleteErrors => {
    const refusal = refusalOf(error);
    if (refusal === null) return {};
    const field = refusal.field === 'password' || refusal.field === 'code' ? refusal.field : 'form';
    return { [field]: refusal.message };
  },
  target: $deleteErrors,
});

// Closing the sheet forgets what was typed; the code countdown goes on (the server's does).
const sheetLeft = sample({ clock: $sheet, filter: (sheet) => sheet !== 'delete' });
$deletePassword.reset(sheetLeft, deleteUserFx.done);
$deleteCode.reset(sheetLeft, deleteUserFx.done);
$deleteErrors.reset(sheetLeft);
$deleteCodeSent.reset(SetupPageGate.close);
sample({ clock: SetupPageGate.close, target: deleteCodeSender.reset });
