import { PATHS } from '#shared/routing';
import { Page } from '#shared/ui';
import Button from 'antd-mobile/es/components/button';
import Checkbox from 'antd-mobile/es/components/checkbox';
import Form from 'antd-mobile/es/components/form';
import Input from 'antd-mobile/es/components/input';
import NoticeBar from 'antd-mobile/es/components/notice-bar';
import Segmented from 'antd-mobile/es/components/segmented';
import { useGate, useUnit } from 'effector-react';
import { useMemo } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import {
  $errors,
  $form,
  $formError,
  $notice,
  $rememberPassword,
  $submitting,
  agreementToggled,
  emailChanged,
  LoginGate,
  modeChanged,
  passwordChanged,
  phoneChanged,
  rememberToggled,
  submitted,
  type LoginGateProps,
} from '../model/login.ts';
import { CountryCodeButton } from './country-picker.tsx';
import { FieldLabel, FieldNote, PasswordInput } from './fields.tsx';
import styles from './login-page.module.css';

const fromOf = (state: unknown): string | null =>
  typeof state === 'object' && state !== null && 'from' in state && typeof state.from === 'string'
    ? state.from
    : null;

/** 'US' of 'en-US'; null when the browser names no region. */
const browserRegion = (): string | null =>
  typeof navigator === 'undefined'
    ? null
    : (/-([A-Za-z]{2})\b/.exec(navigator.language)?.[1] ?? null);

export function LoginPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const [search] = useSearchParams();
  const from = fromOf(location.state);
  const email = search.get('email');
  const passwordReset = search.get('reset') === '1';
  const gateProps = useMemo<LoginGateProps>(
    () => ({ from, email, passwordReset, region: browserRegion() }),
    [from, email, passwordReset],
  );
  useGate(LoginGate, gateProps);

  const [form, errors, formError, notice, remember, submitting] = useUnit([
    $form,
    $errors,
    $formError,
    $notice,
    $rememberPassword,
    $submitting,
  ]);
  const on = useUnit({
    modeChanged,
    emailChanged,
    phoneChanged,
    passwordChanged,
    agreementToggled,
    rememberToggled,
    submitted,
  });
  const submit = () => {
    on.submitted();
  };

  return (
    <Page
      title={t('login.title')}
      back={false}
      footer={
        <div className={styles.footer}>
          <Button block color="primary" size="large" loading={submitting} onClick={submit}>
            {t('login.submit')}
          </Button>
          <p className={styles.switch}>
            {t('login.noAccount')} <Link to={PATHS.register}>{t('login.register')}</Link>
          </p>
        </div>
      }
    >
      <div className={styles.hero}>
        <h2 className={styles.heading}>{t('login.welcome')}</h2>
        <p className={styles.subtitle}>{t('login.subtitle')}</p>
      </div>

      {notice === 'passwordReset' ? (
        <NoticeBar
          className={styles.notice}
          color="success"
          wrap
          content={t('login.passwordResetNotice')}
        />
      ) : null}

      <Segmented
        block
        className={styles.modes}
        aria-label={t('login.signInWith')}
        value={form.mode}
        onChange={(value) => {
          on.modeChanged(value === 'phone' ? 'phone' : 'email');
        }}
        options={[
          { label: t('login.byEmail'), value: 'email' },
          { label: t('login.byPhone'), value: 'phone' },
        ]}
      />

      <Form layout="vertical" mode="card" className={styles.form}>
        {form.mode === 'email' ? (
          <Form.Item description={<FieldNote message={errors.account} />}>
            <FieldLabel htmlFor="login-email">{t('authForm.email')}</FieldLabel>
            <Input
              id="login-email"
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
        ) : (
          <Form.Item
            description={
              <>
                <FieldNote message={errors.areaCode} />
                <FieldNote message={errors.account} />
              </>
            }
          >
            <FieldLabel htmlFor="login-phone">{t('login.phone')}</FieldLabel>
            <div className={styles.phoneRow}>
              <CountryCodeButton />
              <Input
                id="login-phone"
                className={styles.grow}
                type="tel"
                inputMode="tel"
                autoComplete="tel-national"
                enterKeyHint="next"
                clearable
                placeholder={t('login.phonePlaceholder')}
                value={form.phone}
                onChange={on.phoneChanged}
              />
            </div>
          </Form.Item>
        )}

        <Form.Item description={<FieldNote message={errors.password} />}>
          <FieldLabel htmlFor="login-password">{t('authForm.password')}</FieldLabel>
          <PasswordInput
            id="login-password"
            autoComplete="current-password"
            placeholder={t('login.passwordPlaceholder')}
            value={form.password}
            onChange={on.passwordChanged}
            onEnterPress={submit}
          />
        </Form.Item>
      </Form>

      <div className={styles.row}>
        <Checkbox className={styles.check} checked={remember} onChange={on.rememberToggled}>
          {t('login.remember')}
        </Checkbox>
        <Link className={styles.forgot} to={PATHS.forget}>
          {t('login.forgot')}
        </Link>
      </div>

      <div className={styles.agreement}>
        <Checkbox className={styles.check} checked={form.agreed} onChange={on.agreementToggled}>
          <Trans
            i18nKey="authForm.agreement"
            components={{
              terms: <Link to={`${PATHS.configDetail}?key=user_agreement`} />,
              privacy: <Link to={`${PATHS.configDetail}?key=privacy_policy`} />,
            }}
          />
        </Checkbox>
        <FieldNote message={errors.agreement} />
      </div>

      {formError ? (
        <p role="alert" className={styles.formError}>
          {formError}
        </p>
      ) : null}
    </Page>
  );
}
