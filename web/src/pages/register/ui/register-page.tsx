import { INVITE_CODE_PARAM } from '@bourse/protocol/config';
import { AuthFooter, AuthForm, AuthHero, FormError, GuestLanguage } from '#features/auth-form';
import { CodeFormFields } from '#features/email-code';
import { PATHS } from '#shared/routing';
import { Page } from '#shared/ui';
import {
  FieldInput,
  FieldLabel,
  FieldMessage,
  FormItem,
  messageIdOf,
  useFocusFirstInvalid,
} from '#shared/ui/form';
import { useGate, useUnit } from 'effector-react';
import { useMemo } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import {
  $errors,
  $formError,
  $inviteCode,
  $submitting,
  codeForm,
  inviteCodeChanged,
  RegisterGate,
  submitted,
} from '../model/register.ts';
import styles from './register-page.module.css';

const INVITE_MESSAGE = messageIdOf('register-invite');

export function RegisterPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const invite = search.get(INVITE_CODE_PARAM) ?? search.get('invite') ?? search.get('code');
  const gateProps = useMemo(() => ({ invite }), [invite]);
  useGate(RegisterGate, gateProps);

  const [inviteCode, errors, formError, submitting] = useUnit([
    $inviteCode,
    $errors,
    $formError,
    $submitting,
  ]);
  const on = useUnit({ inviteCodeChanged, submitted });
  const submit = () => {
    on.submitted();
  };
  useFocusFirstInvalid(errors);

  return (
    <Page
      title={t('register.title')}
      back={PATHS.login}
      extra={<GuestLanguage />}
      footer={
        <AuthFooter
          submitLabel={t('register.submit')}
          submitting={submitting}
          onSubmit={submit}
          prompt={t('register.haveAccount')}
          linkTo={PATHS.login}
          linkLabel={t('register.login')}
        />
      }
    >
      <AuthHero heading={t('register.heading')} subtitle={t('register.subtitle')} />

      <AuthForm>
        <CodeFormFields
          form={codeForm}
          idPrefix="register"
          emailAutoComplete="email"
          passwordLabel={t('authForm.password')}
          codeSentHint={(email) => t('register.codeSent', { email })}
        />

        <FormItem description={<FieldMessage id={INVITE_MESSAGE} message={errors.inviteCode} />}>
          <FieldLabel htmlFor="register-invite">{t('register.inviteCode')}</FieldLabel>
          <FieldInput
            id="register-invite"
            invalid={Boolean(errors.inviteCode)}
            describedBy={errors.inviteCode ? INVITE_MESSAGE : undefined}
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
        </FormItem>
      </AuthForm>

      <p className={styles.terms}>
        <Trans
          i18nKey="register.terms"
          components={{
            terms: <Link to={`${PATHS.configDetail}?key=user_agreement`} />,
            privacy: <Link to={`${PATHS.configDetail}?key=privacy_policy`} />,
          }}
        />
      </p>

      <FormError message={formError} />
    </Page>
  );
}
