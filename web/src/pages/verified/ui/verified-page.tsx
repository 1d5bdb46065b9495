import { IdentityTag } from '#entities/viewer';
import { PATHS } from '#shared/routing';
import { Page } from '#shared/ui';
import { CardForm, FieldInput, FormItem, messageIdOf, useFocusFirstInvalid } from '#shared/ui/form';
import { LoadError, LoadingSkeleton } from '#shared/ui/states';
import Button from 'antd-mobile/es/components/button';
import { useGate, useUnit } from 'effector-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  $compressing,
  $documentTypes,
  $errors,
  $form,
  $formError,
  $loadFailed,
  $phoneCodes,
  $prefilled,
  $rejectReason,
  $status,
  $submitting,
  fieldChanged,
  photoSelected,
  retried,
  submitted,
  VerifiedPageGate,
  type IdentityField,
} from '../model/model.ts';
import styles from './verified-page.module.css';

export function VerifiedPage() {
  const { t } = useTranslation();
  useGate(VerifiedPageGate, {});
  const [status, reason, failed, retry, submitting, submit] = useUnit([
    $status,
    $rejectReason,
    $loadFailed,
    retried,
    $submitting,
    submitted,
  ]);
  const canSubmit = status === 'unverified' || status === 'rejected';

  return (
    <Page
      title={t('verified.title')}
      back={PATHS.user}
      footer={
        canSubmit ? (
          <Button block color="primary" size="large" loading={submitting} onClick={submit}>
            {t(status === 'rejected' ? 'verified.submitAgain' : 'verified.submit')}
          </Button>
        ) : undefined
      }
    >
      {failed ? (
        <LoadError
          title={t('verified.errorTitle')}
          hint={t('verified.errorHint')}
          onRetry={retry}
        />
      ) : status === null ? (
        <LoadingSkeleton>
          <div className={styles.skeleton} />
        </LoadingSkeleton>
      ) : (
        <>
          <section className={styles.status} aria-live="polite">
            <IdentityTag status={status} />
            <p className={styles.statusText}>{t(`verified.status.${status}`)}</p>
            {status === 'rejected' ? (
              <p className={styles.reason}>
                {t('verified.reason', { reason: reason ?? t('verified.noReason') })}
              </p>
            ) : null}
          </section>
          {canSubmit ? <IdentityFormView /> : null}
        </>
      )}
    </Page>
  );
}

function Field({
  field,
  label,
  children,
}: {
  field: IdentityField;
  label: string;
  children: (ids: { id: string; messageId: string; invalid: boolean }) => ReactNode;
}) {
  const { t } = useTranslation();
  const error = useUnit($errors)[field];
  const id = useId();
  const messageId = messageIdOf(id);
  return (
    <FormItem
      label={label}
      htmlFor={id}
      description={
        error ? (
          <div id={messageId} role="alert" className={styles.error}>
            {'key' in error ? t(error.key) : error.text}
          </div>
        ) : undefined
      }
    >
      {children({ id, messageId, invalid: Boolean(error) })}
    </FormItem>
  );
}

function IdentityFormView() {
  const { t } = useTranslation();
  const [prefilled, reason] = useUnit([$prefilled, $rejectReason]);
  const [form, errors, formError, documents, codes, compressing, change, pick, submit] = useUnit([
    $form,
    $errors,
    $formError,
    $documentTypes,
    $phoneCodes,
    $compressing,
    fieldChanged,
    photoSelected,
    submitted,
  ]);
  useFocusFirstInvalid(errors);
  const text = (field: 'name' | 'id_number' | 'birth_date', extra: object = {}) => (
    <Field field={field} label={t(`verified.fields.${field}`)}>
      {({ id, messageId, invalid }) => (
        <FieldInput
          id={id}
          invalid={invalid}
          describedBy={invalid ? messageId : undefined}
          aria-label={t(`verified.fields.${field}`)}
          value={form[field]}
          onChange={(value) => {
            change({ field, value });
          }}
          {...extra}
        />
      )}
    </Field>
  );

  return (
    <>
      {prefilled ? (
        <section className={styles.fix} aria-labelledby="verified-fix-title">
          <h2 id="verified-fix-title" className={styles.fixTitle}>
            {t('verified.fixTitle')}
          </h2>
          <p className={styles.fixReason}>{reason ?? t('verified.noReason')}</p>
          <p className={styles.fixHint}>{t('verified.prefilledHint')}</p>
        </section>
      ) : null}
      <CardForm onSubmit={submit}>
        {text('name', { autoComplete: 'name', placeholder: t('verified.placeholders.name') })}
        <Field field="document_type" label={t('verified.fields.document_type')}>
          {({ id }) => (
            <select
              id={id}
              className={styles.select}
              value={form.document_type}
              onChange={(event) => {
                change({ field: 'document_type', value: event.target.value });
              }}
            >
              {documents.map((document) => (
                <option key={document.id} value={document.id}>
                  {document.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        {text('id_number', {
          autoComplete: 'off',
          placeholder: t('verified.placeholders.id_number'),
        })}
        <Field field="phone" label={t('verified.fields.phone')}>
          {({ id, messageId, invalid }) => (
            <div className={styles.phoneRow}>
              <select
                className={`${styles.select} ${styles.code}`}
                aria-label={t('verified.fields.area_code')}
                value={form.area_code}
                onChange={(event) => {
                  change({ field: 'area_code', value: event.target.value });
                }}
              >
                {codes.map((code) => (
                  <option key={code.iso} value={code.code}>
                    {`${code.code} ${code.iso}`}
                  </option>
                ))}
              </select>
              <FieldInput
                id={id}
                invalid={invalid}
                describedBy={invalid ? messageId : undefined}
                aria-label={t('verified.fields.phone')}
                value={form.phone}
                type="tel"
                autoComplete="tel-national"
                onChange={(value) => {
                  change({ field: 'phone', value });
                }}
              />
            </div>
          )}
        </Field>
        {text('birth_date', { type: 'date', autoComplete: 'bday' })}
        <Field field="front_image" label={t('verified.fields.front_image')}>
          {({ id, messageId, invalid }) => (
            <div className={styles.photo}>
              {form.front_image ? (
                <img
                  src={form.front_image}
                  alt={t('verified.photoAlt')}
                  className={styles.preview}
                />
              ) : null}
              <div className={styles.phoneRow}>
                <PhotoInput
                  id={id}
                  label={t(
                    compressing
                      ? 'verified.photoBusy'
                      : form.front_image
                        ? 'verified.photoChange'
                        : 'verified.photoPick',
                  )}
                  disabled={compressing}
                  invalid={invalid}
                  messageId={messageId}
                  onPick={pick}
                />
                <PhotoInput
                  label={t('verified.photoTake')}
                  capture
                  disabled={compressing}
                  invalid={invalid}
                  messageId={messageId}
                  onPick={pick}
                />
              </div>
            </div>
          )}
        </Field>
      </CardForm>
      {formError ? (
        <p role="alert" className={styles.error}>
          {formError}
        </p>
      ) : null}
    </>
  );
}

/** A photo picked from the gallery, or taken with the camera (`capture`). */
function PhotoInput({
  id,
  label,
  capture = false,
  disabled,
  invalid,
  messageId,
  onPick,
}: {
  id?: string;
  label: string;
  capture?: boolean;
  disabled: boolean;
  invalid: boolean;
  messageId: string;
  onPick: (file: File) => void;
}) {
  return (
    <label className={styles.pick}>
      {label}
      <input
        id={id}
        type="file"
        accept="image/*"
        {...(capture ? { capture: 'environment' as const } : {})}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? messageId : undefined}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onPick(file);
          event.target.value = '';
        }}
      />
    </label>
  );
}
