import { AuthFooter, AuthForm, AuthHero, FormError, GuestLanguage } from '#features/auth-form';
import { CodeFormFields } from '#features/email-code';
import { PATHS } from '#shared/routing';
import { Page } from '#shared/ui';
import { useUnit } from 'effector-react';
import { useTranslation } from 'react-i18next';
import { $errors, $formError, $submitting, codeForm, submitted } from '../model/forget.ts';
import { useFocusFirstInvalid } from '#shared/ui/form';

export function ForgetPage() {
  const { t } = useTranslation();
  const [formError, submitting, submitForm] = useUnit([$formError, $submitting, submitted]);
  const submit = () => {
    submitForm();
  };
  useFocusFirstInvalid(useUnit($errors));

  return (
    <Page
      title={t('forget.title')}
      back={PATHS.login}
      extra={<GuestLanguage />}
      footer={
        <AuthFooter
          submitLabel={t('forget.submit')}
          submitting={submitting}
          onSubmit={submit}
          prompt={t('forget.remembered')}
          linkTo={PATHS.login}
          linkLabel={t('forget.login')}
        />
      }
    >
      <AuthHero heading={t('forget.heading')} subtitle={t('forget.subtitle')} />

      <AuthForm>
        <CodeFormFields
          form={codeForm}
          idPrefix="forget"
          emailAutoComplete="username"
          passwordLabel={t('forget.newPassword')}
          codeSentHint={(email) => t('forget.codeSent', { email })}
          onConfirmEnter={submit}
        />
      </AuthForm>

      <FormError message={formError} />
    </Page>
  );
}
