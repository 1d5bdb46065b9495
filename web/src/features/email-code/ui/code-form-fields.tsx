import type { FormMessage } from '#shared/api';
import {
  EmailField,
  FieldInput,
  FieldLabel,
  FieldMessage,
  FormItem,
  InputRow,
  messageIdOf,
  PasswordField,
} from '#shared/ui/form';
import { useUnit } from 'effector-react';
import { useTranslation } from 'react-i18next';
import type { CodeFormView } from '../model/code-form.ts';
import type { EmailCodeSender, SendEmailEndpoint } from '../model/sender.ts';
import { SendCodeButton } from './send-code-button.tsx';
import styles from './code-form-fields.module.css';

/** The part of a sender the code field reads. */
export type CodeFieldSender = Pick<
  EmailCodeSender<SendEmailEndpoint>,
  '$secondsLeft' | '$canSend' | '$pending' | '$refusal'
>;

export interface CodeFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** the form's own message for the code; the sender's refusal shows when there is none */
  error: FormMessage | undefined;
  /** the word under the field once a code has gone out; null before */
  sentHint: string | null;
  sender: CodeFieldSender;
  /** the page checks its e-mail field, then asks the sender for a code */
  onSend: () => void;
}

/** The e-mail code of a form that draws its own labels, with "Send code" beside it. */
export function CodeField({
  id,
  value,
  onChange,
  error,
  sentHint,
  sender,
  onSend,
}: CodeFieldProps) {
  const { t } = useTranslation();
  const refusal = useUnit(sender.$refusal);
  const message = error ?? (refusal === null ? undefined : { text: refusal });
  const messageId = messageIdOf(id);
  return (
    <FormItem
      description={
        message ? (
          <FieldMessage id={messageId} message={message} />
        ) : sentHint ? (
          <span id={messageId} className={styles.hint} role="status">
            {sentHint}
          </span>
        ) : null
      }
    >
      <FieldLabel htmlFor={id}>{t('authForm.code')}</FieldLabel>
      <InputRow>
        <FieldInput
          id={id}
          invalid={Boolean(message)}
          describedBy={message || sentHint ? messageId : undefined}
          className={styles.code}
          inputMode="numeric"
          autoComplete="one-time-code"
          enterKeyHint="next"
          maxLength={6}
          placeholder={t('authForm.codePlaceholder')}
          value={value}
          onChange={onChange}
        />
        <SendCodeButton sender={sender} onSend={onSend} />
      </InputRow>
    </FormItem>
  );
}

export interface CodeFormFieldsProps {
  /** what createCodeForm made */
  form: CodeFormView;
  /** the inputs' ids: 'register' gives 'register-email', 'register-code' … */
  idPrefix: string;
  /** 'username' where the address names an account, 'email' where it makes one */
  emailAutoComplete: 'username' | 'email';
  passwordLabel: string;
  /** the hint under the code once it has gone to `email` */
  codeSentHint: (email: string) => string;
  /** when the confirmation is the form's last field, its action key submits the form */
  onConfirmEnter?: () => void;
}

/** The fields of a guest's code form: e-mail, code (with "Send code"), password, confirmation. */
export function CodeFormFields({
  form,
  idPrefix,
  emailAutoComplete,
  passwordLabel,
  codeSentHint,
  onConfirmEnter,
}: CodeFormFieldsProps) {
  const { t } = useTranslation();
  const [values, errors, codeSentTo] = useUnit([form.$form, form.$errors, form.$codeSentTo]);
  const on = useUnit({
    emailChanged: form.emailChanged,
    codeChanged: form.codeChanged,
    passwordChanged: form.passwordChanged,
    confirmPasswordChanged: form.confirmPasswordChanged,
    codeRequested: form.codeRequested,
  });
  return (
    <>
      <EmailField
        id={`${idPrefix}-email`}
        autoComplete={emailAutoComplete}
        value={values.email}
        onChange={on.emailChanged}
        error={errors.email}
      />

      <CodeField
        id={`${idPrefix}-code`}
        value={values.code}
        onChange={on.codeChanged}
        error={errors.code}
        sentHint={codeSentTo ? codeSentHint(codeSentTo) : null}
        sender={form.codeSender}
        onSend={on.codeRequested}
      />

      <PasswordField
        id={`${idPrefix}-password`}
        label={passwordLabel}
        placeholder={t('authForm.passwordRule')}
        value={values.password}
        onChange={on.passwordChanged}
        error={errors.password}
      />

      <PasswordField
        id={`${idPrefix}-confirm`}
        label={t('authForm.confirmPassword')}
        placeholder={t('authForm.confirmPlaceholder')}
        value={values.confirmPassword}
        onChange={on.confirmPasswordChanged}
        {...(onConfirmEnter ? { onEnterPress: onConfirmEnter } : {})}
        error={errors.confirmPassword}
      />
    </>
  );
}
