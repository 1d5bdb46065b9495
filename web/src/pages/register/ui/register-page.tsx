import { SendCodeButton } from '#features/email-code';
import { PATHS } from '#shared/routing';
import { Page } from '#shared/ui';
import Button from 'antd-mobile/es/components/button';
import Form from 'antd-mobile/es/components/form';
import Input from 'antd-mobile/es/components/input';
import { useGate, useUnit } from 'effector-react';
import { useMemo } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import {
  $codeSentTo,
  $errors,
  $form,
  $formError,
  $inviteCode,
  $submitting,
  codeChanged,
  codeRequested,
  codeSender,
  confirmPasswordChanged,
  emailChanged,
  inviteCodeChanged,
  passwordChanged,
  RegisterGate,
  submitted,
} from '../model/register.ts';
import { FieldLabel, FieldNote, PasswordInput } from './fields.tsx';
import styles from './register-page.module.css';

export function RegisterPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const invite = search.get('invite') ?? search.get('code');
  const gateProps = useMemo(() => ({ invite }), [invite]);
  useGate(RegisterGate, gateProps);

  const [form, inviteCode, errors, formError, codeSentTo, refusal, submitting] = useUnit([
    $form,
    $inviteCode,
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
    inviteCodeChanged,
    codeRequested,
    submitted,
  });
  const submit = () => {
    on.submitted();
  };
  const codeError = errors.code ?? (refusal === null ? undefined : { text: refusal });

  return (
    <Page
      title={t('register.title')}
      footer={
        <div className={styles.footer}>
          <Button block color="primary" size="large" loading={submitting} onClick={submit}>
            {t('register.submit')}
          </Button>
          <p className={styles.switch}>
            {t('register.haveAccount')} <Link to={PATHS.login}>{t('register.login')}</Link>
          </p>
        </div>
      }
    >
      <div className={styles.hero}>
        <h2 className={styles.heading}>{t('register.heading')}</h2>
        <p className={styles.subtitle}>{t('register.subtitle')}</p>
      </div>

      <Form layout="vertical" mode="card" className={styles.form}>
        <Form.Item description={<FieldNote message={errors.email} />}>
          <FieldLabel htmlFor="register-email">{t('authForm.email')}</FieldLabel>
          <Input
            id="register-email"
            type="email"
            inputMode="email"
            autoComplete="email"
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
                {t('register.codeSent', { email: codeSentTo })}
              </span>
            ) : null
          }
        >
          <FieldLabel htmlFor="register-code">{t('authForm.code')}</FieldLabel>
          <div className={styles.withButton}>
            <Input
              id="register-code"
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
          <FieldLabel htmlFor="register-password">{t('authForm.password')}</FieldLabel>
          <PasswordInput
            id="register-password"
            placeholder={t('authForm.passwordRule')}
            value={form.password}
            onChange={on.passwordChanged}
          />
        </Form.Item>

        <Form.Item description={<FieldNote message={errors.confirmPassword} />}>
          <FieldLabel htmlFor="register-confirm">{t('authForm.confirmPassword')}</FieldLabel>
          <PasswordInput
            id="register-confirm"
            placeholder={t('authForm.confirmPlaceholder')}
            value={form.confirmPassword}
            onChange={on.confirmPasswordChanged}
          />
        </Form.Item>

        <Form.Item description={<FieldNote message={errors.inviteCode} />}>
          <FieldLabel htmlFor="register-invite">{t('register.inviteCode')}</FieldLabel>
          <Input
            id="register-invite"
            autoCapitalize="characters"
            autoComplete="off"
            enterKeyHint="go"
            clearable
            maxLength={12}
            placeholder={t('register.invitePlaceholder')}
            value={inviteCode}
            onChange={on.inviteCodeChanged}
            onEnterPress={submit}
          />
        </Form.Item>
      </Form>

      <p className={styles.terms}>
        <Trans
          i18nKey="register.terms"
          components={{
            terms: <Link to={`${PATHS.configDetail}?key=user_agreement`} />,
            privacy: <Link to={`${PATHS.configDetail}?key=privacy_policy`} />,
          }}
        />
      </p>

      {formError ? (
        <p role="alert" className={styles.formError}>
          {formError}
        </p>
      ) : null}
    </Page>
  );
}
