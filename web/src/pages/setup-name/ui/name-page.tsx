import { PATHS } from '#shared/routing';
import { Page } from '#shared/ui';
import { CardForm, FieldInput, FormItem, messageIdOf, useFocusFirstInvalid } from '#shared/ui/form';
import Button from 'antd-mobile/es/components/button';
import { useGate, useUnit } from 'effector-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  $nickname,
  $nicknameError,
  $nicknameLength,
  $saving,
  NamePageGate,
  NICKNAME_MAX,
  nicknameChanged,
  saveClicked,
} from '../model/model.ts';
import styles from './name-page.module.css';

export function NamePage() {
  const { t } = useTranslation();
  useGate(NamePageGate, {});
  const [nickname, error, length, saving, change, save] = useUnit([
    $nickname,
    $nicknameError,
    $nicknameLength,
    $saving,
    nicknameChanged,
    saveClicked,
  ]);
  useFocusFirstInvalid(error);
  const id = useId();
  const messageId = messageIdOf(id);
  const over = length > NICKNAME_MAX;

  return (
    <Page
      title={t('setupName.title')}
      back={PATHS.setup}
      footer={
        <Button block color="primary" size="large" loading={saving} onClick={save}>
          {t('common.save')}
        </Button>
      }
    >
      <CardForm onSubmit={save}>
        <FormItem
          label={t('setupName.label')}
          htmlFor={id}
          extra={
            <span className={`num ${styles.counter} ${over ? styles.over : ''}`}>
              {t('setupName.counter', { count: length, max: NICKNAME_MAX })}
            </span>
          }
          description={
            error ? (
              <div id={messageId} role="alert" className={styles.error}>
                {'key' in error ? t(error.key, { max: NICKNAME_MAX }) : error.text}
              </div>
            ) : (
              <span id={messageId} className={styles.hint}>
                {t('setupName.hint', { max: NICKNAME_MAX })}
              </span>
            )
          }
        >
          <FieldInput
            invalid={Boolean(error)}
            describedBy={messageId}
            value={nickname}
            onChange={change}
            clearable
            autoFocus
            autoComplete="nickname"
            enterKeyHint="done"
            placeholder={t('setupName.placeholder')}
            id={id}
            aria-label={t('setupName.label')}
          />
        </FormItem>
      </CardForm>
    </Page>
  );
}
