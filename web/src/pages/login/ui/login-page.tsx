import { AuthFooter, AuthForm, AuthHero, FormError, GuestLanguage } from '#features/auth-form';
import type { FormMessage } from '#shared/api';
import { PATHS } from '#shared/routing';
import { Page } from '#shared/ui';
import {
  EmailField,
  FieldInput,
  FieldLabel,
  FieldMessage,
  FormItem,
  messageIdOf,
  PasswordField,
  useFocusFirstInvalid,
} from '#shared/ui/form';
import Checkbox from 'antd-mobile/es/components/checkbox';
import NoticeBar from 'antd-mobile/es/components/notice-bar';
import { useGate, useUnit } from 'effector-react';
import { useLayoutEffect, useMemo, useRef } from 'react';
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
import { ModeSwitch } from './mode-switch.tsx';
import styles from './login-page.module.css';

const fromOf = (state: unknown): string | null =>
  typeof state === 'object' && state !== null && 'from' in state && typeof state.from === 'string'
    ? state.from
    : null;
/** Whose page `from` is (the user whose session ended there); null when anyone's. */
const ownerOf = (state: unknown): string | null =>
  typeof state === 'object' && state !== null && 'owner' in state && typeof state.owner === 'string'
    ? state.owner
    : null;

const PHONE_AREA_MESSAGE = 'login-area-code-message';
const PHONE_MESSAGE = messageIdOf('login-phone');

/** The messages under the phone number, for its aria-describedby; undefined while there are none. */
const phoneDescribedBy = (
  areaCode: FormMessage | undefined,
  account: FormMessage | undefined,
): string | undefined =>
  [areaCode ? PHONE_AREA_MESSAGE : null, account ? PHONE_MESSAGE : null]
    .filter((id) => id !== null)
    .join(' ') || undefined;

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
  const owner = ownerOf(location.state);
  const email = search.get('email');
  const passwordReset = search.get('reset') === '1';
  const gateProps = useMemo<LoginGateProps>(
    () => ({ from, owner, email, passwordReset, region: browserRegion() }),
    [from, owner, email, passwordReset],
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
  // The agreement's box is invalid while unticked after a submit, and so takes focus in turn.
  const agreement = useRef<HTMLDivElement>(null);
  const agreementMissing = Boolean(errors.agreement);
  useLayoutEffect(() => {
    const box = agreement.current?.querySelector('input');
    if (agreementMissing) box?.setAttribute('aria-invalid', 'true');
    else box?.removeAttribute('aria-invalid');
  }, [agreementMissing]);
  useFocusFirstInvalid(errors);

  return (
    <Page
      title={t('login.title')}
      back={false}
      extra={<GuestLanguage />}
      footer={
        <AuthFooter
          submitLabel={t('login.submit')}
          submitting={submitting}
          onSubmit={submit}
          prompt={t('login.noAccount')}
          linkTo={PATHS.register}
          linkLabel={t('login.register')}
        />
      }
    >
      <AuthHero heading={t('login.welcome')} subtitle={t('login.subtitle')} welcome />

      {notice === 'passwordReset' ? (
        <NoticeBar
          className={styles.notice}
          color="success"
          wrap
          content={t('login.passwordResetNotice')}
        />
      ) : null}
      {notice === 'sessionExpired' ? (
        <NoticeBar
          className={styles.notice}
          color="info"
          wrap
          content={t('login.sessionExpiredNotice')}
        />
      ) : null}

      <ModeSwitch
        label={t('login.signInWith')}
        value={form.mode}
        onChange={on.modeChanged}
        options={[
          { label: t('login.byEmail'), value: 'email' },
          { label: t('login.byPhone'), value: 'phone' },
        ]}
      />

      <AuthForm>
        {form.mode === 'email' ? (
          <EmailField
            id="login-email"
            autoComplete="username"
            value={form.email}
            onChange={on.emailChanged}
            error={errors.account}
          />
        ) : (
          <FormItem
            description={
              <>
                <FieldMessage id={PHONE_AREA_MESSAGE} message={errors.areaCode} />
                <FieldMessage id={PHONE_MESSAGE} message={errors.account} />
              </>
            }
          >
            <FieldLabel htmlFor="login-phone">{t('login.phone')}</FieldLabel>
            <div className={styles.phoneRow}>
              <CountryCodeButton />
              <FieldInput
                id="login-phone"
                invalid={Boolean(errors.areaCode ?? errors.account)}
                describedBy={phoneDescribedBy(errors.areaCode, errors.account)}
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
          </FormItem>
        )}

        <PasswordField
          id="login-password"
          label={t('authForm.password')}
          autoComplete="current-password"
          placeholder={t('login.passwordPlaceholder')}
          value={form.password}
          onChange={on.passwordChanged}
          onEnterPress={submit}
          error={errors.password}
        />
      </AuthForm>

      <div className={styles.row}>
        <Checkbox className={styles.check} checked={remember} onChange={on.rememberToggled}>
          {t('login.remember')}
        </Checkbox>
        <Link className={styles.forgot} to={PATHS.forget}>
          {t('login.forgot')}
        </Link>
      </div>

      <div className={styles.agreement} ref={agreement}>
        <Checkbox className={styles.check} checked={form.agreed} onChange={on.agreementToggled}>
          <Trans
            i18nKey="authForm.agreement"
            components={{
              terms: <Link to={`${PATHS.configDetail}?key=user_agreement`} />,
              privacy: <Link to={`${PATHS.configDetail}?key=privacy_policy`} />,
            }}
          />
        </Checkbox>
        <FieldMessage message={errors.agreement} />
      </div>

      <FormError message={formError} />
    </Page>
  );
}
