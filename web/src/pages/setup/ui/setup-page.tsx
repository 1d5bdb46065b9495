import { LANGUAGES } from '@bourse/protocol';
import { maskedContactOf, ViewerAvatar } from '#entities/viewer';
import { SendCodeButton } from '#features/email-code';
import { $language, HTML_LANG, LANGUAGE_NAMES } from '#shared/i18n';
import { PATHS } from '#shared/routing';
import { useKept } from '#shared/lib';
import { $userInfo } from '#shared/session';
import { $theme } from '#shared/theme';
import { Page } from '#shared/ui';
import { ConfirmSheet, Popup } from '#shared/ui/sheet';
import {
  CardForm,
  FieldInput,
  FieldMessage,
  FormField,
  useFocusFirstInvalid,
} from '#shared/ui/form';
import Button from 'antd-mobile/es/components/button';
import List from 'antd-mobile/es/components/list';
import SpinLoading from 'antd-mobile/es/components/spin-loading';
import Switch from 'antd-mobile/es/components/switch';
import { useGate, useUnit } from 'effector-react';
import { useRef, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { $avatarBusy, $avatarError, $avatarPreview, avatarFileSelected } from '../model/avatar.ts';
import {
  $deleteCode,
  $deleteCodeSent,
  $deleteErrors,
  $deletePassword,
  $deleting,
  deleteCodeChanged,
  deleteCodeRequested,
  deleteCodeSender,
  deletePasswordChanged,
  deleteSubmitted,
} from '../model/delete-account.ts';
import {
  $sheet,
  languagePicked,
  logoutConfirmed,
  nightModeToggled,
  SetupPageGate,
  sheetClosed,
  sheetOpened,
} from '../model/page.ts';
import styles from './setup-page.module.css';

export function SetupPage() {
  const { t } = useTranslation();
  useGate(SetupPageGate, {});
  const [language, openSheet, toggleNight] = useUnit([$language, sheetOpened, nightModeToggled]);
  const user = useKept($userInfo);
  const theme = useKept($theme);

  return (
    <Page title={t('setup.title')} back={PATHS.user} withTabBar>
      <List mode="card" header={t('setup.profile')} className={styles.list}>
        <AvatarRow />
        <List.Item
          className={styles.row}
          arrowIcon
          extra={<span className={styles.value}>{user?.nickname}</span>}
        >
          <Link to={PATHS.setupName} className={styles.stretched}>
            {t('setup.nickname')}
          </Link>
        </List.Item>
      </List>

      <List mode="card" header={t('setup.security')} className={styles.list}>
        <List.Item className={styles.row} arrowIcon>
          <Link to={PATHS.setupPassword} className={styles.stretched}>
            {t('setup.password')}
          </Link>
        </List.Item>
      </List>

      <List mode="card" header={t('setup.preferences')} className={styles.list}>
        <List.Item
          className={styles.row}
          arrowIcon
          extra={
            <span className={styles.value} lang={HTML_LANG[language]}>
              {LANGUAGE_NAMES[language]}
            </span>
          }
        >
          <button
            type="button"
            className={styles.stretched}
            aria-haspopup="dialog"
            onClick={() => {
              openSheet('language');
            }}
          >
            {t('setup.language')}
          </button>
        </List.Item>
        <List.Item
          extra={
            <Switch
              checked={theme === 'night'}
              onChange={(night) => {
                toggleNight(night);
              }}
              aria-label={t('setup.nightMode')}
            />
          }
        >
          {t('setup.nightMode')}
        </List.Item>
      </List>

      <List mode="card" header={t('setup.account')} className={styles.list}>
        <List.Item className={styles.row} arrowIcon>
          <button
            type="button"
            className={`${styles.stretched} ${styles.danger}`}
            aria-haspopup="dialog"
            onClick={() => {
              openSheet('delete');
            }}
          >
            {t('setup.delete.row')}
          </button>
        </List.Item>
      </List>

      <Button
        block
        fill="outline"
        color="danger"
        className={styles.logout}
        onClick={() => {
          openSheet('logout');
        }}
      >
        {t('user.logout.action')}
      </Button>

      <LanguageSheet />
      <DeleteSheet email={user ? maskedContactOf(user) : ''} />
      <LogoutSheet />
    </Page>
  );
}

/** The avatar row: the whole row picks a photo; the new one shows as soon as it is ready. */
function AvatarRow() {
  const { t } = useTranslation();
  const [preview, busy, error, select] = useUnit([
    $avatarPreview,
    $avatarBusy,
    $avatarError,
    avatarFileSelected,
  ]);
  const user = useKept($userInfo);
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared, so that choosing the same file again is a change too.
    event.target.value = '';
    if (file) select(file);
  };
  return (
    <List.Item
      className={styles.row}
      arrowIcon
      description={error ? <FieldMessage message={error} /> : null}
      extra={
        <span className={styles.avatar}>
          <ViewerAvatar
            src={preview ?? user?.avatar ?? ''}
            nickname={user?.nickname ?? ''}
            size={44}
          />
          {busy ? (
            <span className={styles.avatarBusy} role="status" aria-label={t('setup.avatar.saving')}>
              <SpinLoading color="white" style={{ '--size': '20px' }} />
            </span>
          ) : null}
        </span>
      }
    >
      <label className={styles.stretched}>
        {t('setup.avatar.label')}
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp,image/*"
          className="visually-hidden"
          disabled={busy}
          onChange={pick}
          aria-label={t('setup.avatar.change')}
        />
      </label>
    </List.Item>
  );
}

function LanguageSheet() {
  const { t } = useTranslation();
  const [sheet, language, pick, close] = useUnit([$sheet, $language, languagePicked, sheetClosed]);
  return (
    <Popup
      visible={sheet === 'language'}
      onClose={close}
      onMaskClick={close}
      showCloseButton
      bodyClassName={styles.sheet}
    >
      <div role="dialog" aria-modal="true" aria-labelledby="language-sheet-title">
        <h2 id="language-sheet-title" className={styles.sheetTitle}>
          {t('setup.chooseLanguage')}
        </h2>
        {/* native radios: antd's CheckList items are divs the keyboard cannot reach */}
        <div role="radiogroup" aria-labelledby="language-sheet-title" className={styles.languages}>
          {LANGUAGES.map((code) => (
            <label key={code} className={styles.languageOption}>
              <input
                type="radio"
                name="app-language"
                value={code}
                checked={code === language}
                onChange={() => {
                  pick(code);
                }}
              />
              <span lang={HTML_LANG[code]}>{LANGUAGE_NAMES[code]}</span>
            </label>
          ))}
        </div>
      </div>
    </Popup>
  );
}

function DeleteSheet({ email }: { email: string }) {
  const { t } = useTranslation();
  const [sheet, password, code, errors, codeSent, refusal, deleting] = useUnit([
    $sheet,
    $deletePassword,
    $deleteCode,
    $deleteErrors,
    $deleteCodeSent,
    deleteCodeSender.$refusal,
    $deleting,
  ]);
  const [close, changePassword, changeCode, requestCode, submit] = useUnit([
    sheetClosed,
    deletePasswordChanged,
    deleteCodeChanged,
    deleteCodeRequested,
    deleteSubmitted,
  ]);
  const codeError = errors.code ?? (refusal === null ? null : { text: refusal });
  const dialog = useRef<HTMLDivElement>(null);
  useFocusFirstInvalid(errors, dialog);
  return (
    <Popup
      visible={sheet === 'delete'}
      onClose={close}
      onMaskClick={close}
      showCloseButton
      destroyOnClose
      bodyClassName={styles.sheet}
    >
      <div role="dialog" aria-modal="true" aria-labelledby="delete-sheet-title" ref={dialog}>
        <h2 id="delete-sheet-title" className={styles.sheetTitle}>
          {t('setup.delete.title')}
        </h2>
        <p className={styles.warning}>{t('setup.delete.warning')}</p>
        <CardForm
          onSubmit={submit}
          footer={
            <>
              <p className={styles.hint} aria-live="polite">
                {codeSent && email !== ''
                  ? t('setup.delete.codeSentTo', { email })
                  : t('setup.delete.codeHint')}
              </p>
              {errors.form ? <FieldMessage message={errors.form} /> : null}
              <Button
                block
                type="submit"
                color="danger"
                loading={deleting}
                className={styles.submit}
              >
                {t('setup.delete.confirm')}
              </Button>
            </>
          }
        >
          <FormField label={t('setup.delete.password')} error={errors.password}>
            {({ id, label, invalid, describedBy }) => (
              <FieldInput
                id={id}
                invalid={invalid}
                describedBy={describedBy}
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={changePassword}
                placeholder={t('setup.delete.passwordPlaceholder')}
                aria-label={label}
              />
            )}
          </FormField>
          <FormField
            label={t('setup.delete.code')}
            error={codeError}
            extra={
              <SendCodeButton
                sender={deleteCodeSender}
                onSend={() => {
                  requestCode();
                }}
              />
            }
          >
            {({ id, label, invalid, describedBy }) => (
              <FieldInput
                id={id}
                invalid={invalid}
                describedBy={describedBy}
                inputMode="numeric"
                autoComplete="one-time-code"
                value={code}
                onChange={changeCode}
                placeholder={t('setup.delete.codePlaceholder')}
                aria-label={label}
              />
            )}
          </FormField>
        </CardForm>
      </div>
    </Popup>
  );
}

function LogoutSheet() {
  const { t } = useTranslation();
  const [sheet, confirm, close] = useUnit([$sheet, logoutConfirmed, sheetClosed]);
  return (
    <ConfirmSheet
      visible={sheet === 'logout'}
      title={t('user.logout.question')}
      confirmText={t('user.logout.confirm')}
      danger
      cancelText={t('common.cancel')}
      onConfirm={() => {
        confirm();
      }}
      onCancel={() => {
        close();
      }}
    >
      <p className={styles.hint}>{t('user.logout.hint')}</p>
    </ConfirmSheet>
  );
}
