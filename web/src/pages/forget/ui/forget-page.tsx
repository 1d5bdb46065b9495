import { SendCodeButton } from '#features/email-code';
import { PATHS } from '#shared/routing';
import { Page } from '#shared/ui';
import Button from 'antd-mobile/es/components/button';
import Form from 'antd-mobile/es/components/form';
import Input from 'antd-mobile/es/components/input';
import { useUnit } from 'effector-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  $codeSentTo,
  $errors,
  $form,
  $formError,
  $submitting,
  codeChanged,
  codeRequested,
  codeSender,
  confirmPasswordChanged,
  emailChanged,
  passwordChanged,
  submitted,
} from '../model/forget.ts';
import { FieldLabel, FieldNote, PasswordInput } from './fields.tsx';
import styles from './forget-page.module.css';

export function ForgetPage() {
  const { t } = useTranslation();
  const [form, errors, formError, codeSentTo, refusal, submitting] = useUnit([
    $form,
    $errors,
    $formError,
    $codeSentTo,
    codeSender.$refusal,
    $submitting,
  ]);
  const on = useUnit({
    emailChanged,
    codeChanged,
    passwordChanged,
    confirmPasswordChanged,
    codeRequested,
    submitted,
  });
  const submit = () => {
    on.submitted();
  };
  const codeError = errors.code ?? (refusal === null ? undefined : { text: refusal });

  return (
    <Page
      title={t('forget.title')}
      footer={
        <div className={styles.footer}>
          <Button block color="primary" size="large" loading={submitting} onClick={submit}>
            {t('forget.submit')}
          </Button>
          <p className={styles.switch}>
            {t('forget.remembered')} <Link to={PATHS.login}>{t('forget.login')}</Link>
          </p>
        </div>
      }
    >
      <div className={styles.hero}>
        <h2 className={styles.heading}>{t('forget.heading')}</h2>
        <p className={styles.subtitle}>{t('forget.subtitle')}</p>
      </div>

      <Form layout="vertical" mode="card" className={styles.form}>
        <Form.Item description={<FieldNote message={errors.email} />}>
          <FieldLabel htmlFor="forget-email">{t('authForm.email')}</FieldLabel>
          <Input
            id="forget-email"
            type="email"
            inputMode="email"
            autoComplete="username"
            enterKeyHint="next"
            clearable
            placeholder={t('authForm.emailPlaceholder')}
            value={form.email}
            onChange={on.emailChanged}
          />
        </Form.Item>

        <Form.Item
          description={
            codeError ? (
              <FieldNote message={codeError} />
            ) : codeSentTo ? (
              <span className={styles.hint} role="status">
                {t('forget.codeSent', { email: codeSentTo })}
              </span>
            ) : null
          }
        >
          <FieldLabel htmlFor="forget-code">{t('authForm.code')}</FieldLabel>
          <div className={styles.withButton}>
            <Input
              id="forget-code"
              className={styles.code}
              inputMode="numeric"
              autoComplete="one-time-code"
              enterKeyHint="next"
              maxLength={6}
              placeholder={t('authForm.codePlaceholder')}
              value={form.code}
              onChange={on.codeChanged}
            />
            <SendCodeButton sender={codeSender} onSend={on.codeRequested} />
          </div>
        </Form.Item>

        <Form.Item description={<FieldNote message={errors.password} />}>
          <FieldLabel htmlFor="forget-password">{t('forget.newPassword')}</FieldLabel>
          <PasswordInput
            id="forget-password"
            placeholder={t('authForm.passwordRule')}
            value={form.password}
            onChange={on.passwordChanged}
          />
        </Form.Item>

        <Form.Item description={<FieldNote message={errors.confirmPassword} />}>
          <FieldLabel htmlFor="forget-confirm">{t('authForm.confirmPassword')}</FieldLabel>
          <PasswordInput
            id="forget-confirm"
            placeholder={t('authForm.confirmPlaceholder')}
            value={form.confirmPassword}
            onChange={on.confirmPasswordChanged}
            onEnterPress={submit}
          />
        </Form.Item>
      </Form>

      {formError ? (
        <p role="alert" className={styles.formError}>
          {formError}
        </p>
      ) : null}
    </Page>
  );
}
