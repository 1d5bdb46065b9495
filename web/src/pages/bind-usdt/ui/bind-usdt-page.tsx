import { BindRuleNotice } from '#entities/viewer';
import { PATHS } from '#shared/routing';
import { Page } from '#shared/ui';
import { CardForm, FieldInput, FormItem, messageIdOf, useFocusFirstInvalid } from '#shared/ui/form';
import Button from 'antd-mobile/es/components/button';
import { useGate, useUnit } from 'effector-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  $errors,
  $identityStatus,
  $form,
  $formError,
  $scanMessage,
  $scanning,
  $submitting,
  addressChanged,
  BindUsdtGate,
  imagePicked,
  NETWORKS,
  networkChanged,
  submitted,
} from '../model/model.ts';
import styles from './bind-usdt-page.module.css';

export function BindUsdtPage() {
  const { t } = useTranslation();
  useGate(BindUsdtGate, {});
  const identity = useUnit($identityStatus);
  // One rule for a bank and a wallet, said before the user types: bound once verified.
  if (identity !== null && identity !== 'verified') {
    return (
      <Page title={t('bindUsdt.title')} back={PATHS.bind}>
        <BindRuleNotice status={identity} target="usdt" />
      </Page>
    );
  }
  return <BindUsdtPageForm />;
}

function BindUsdtPageForm() {
  const { t } = useTranslation();
  const [form, errors, formError, submitting, changeNetwork, changeAddress, submit] = useUnit([
    $form,
    $errors,
    $formError,
    $submitting,
    networkChanged,
    addressChanged,
    submitted,
  ]);
  const [scanMessage, scanning, pickImage] = useUnit([$scanMessage, $scanning, imagePicked]);
  useFocusFirstInvalid(errors);
  const id = useId();
  const messageId = messageIdOf(id);
  const error = errors.address;
  const scanError = scanMessage?.tone === 'error' ? scanMessage : null;
  const scanNotice = scanMessage?.tone === 'info' ? scanMessage : null;

  return (
    <Page
      title={t('bindUsdt.title')}
      back={PATHS.bind}
      footer={
        <Button block color="primary" size="large" loading={submitting} onClick={submit}>
          {t('bindUsdt.submit')}
        </Button>
      }
    >
      <div role="radiogroup" aria-label={t('bindUsdt.network')} className={styles.networks}>
        {NETWORKS.map((network) => (
          <label
            key={network}
            className={`${styles.network} ${network === form.network ? styles.chosen : ''}`}
          >
            <input
              type="radio"
              name={`${id}-network`}
              value={network}
              checked={network === form.network}
              onChange={() => {
                changeNetwork(network);
              }}
            />
            {network}
          </label>
        ))}
      </div>
      <CardForm onSubmit={submit}>
        <FormItem
          label={t('bindUsdt.address')}
          htmlFor={id}
          description={
            <div id={messageId}>
              {error ? (
                <div role="alert" className={styles.error}>
                  {'key' in error ? t(error.key) : error.text}
                </div>
              ) : null}
              {scanError ? (
                <div role="alert" className={styles.error}>
                  {t(scanError.key)}
                </div>
              ) : null}
              {error || scanError ? null : (
                <span className={styles.hint}>
                  {t(form.network === 'TRC20' ? 'bindUsdt.hintTrc20' : 'bindUsdt.hintErc20')}
                </span>
              )}
              <div role="status" className={styles.notice}>
                {scanNotice ? t(scanNotice.key, scanNotice.values ?? {}) : null}
              </div>
            </div>
          }
        >
          <FieldInput
            invalid={Boolean(error)}
            describedBy={messageId}
            value={form.address}
            onChange={changeAddress}
            clearable
            autoComplete="off"
            enterKeyHint="done"
            placeholder={t('bindUsdt.placeholder')}
            id={id}
            aria-label={t('bindUsdt.address')}
          />
          {/* No `capture`: a phone offers its camera and its gallery. */}
          <label className={styles.scan} aria-busy={scanning}>
            {t('bindUsdt.scan.button')}
            <input
              type="file"
              accept="image/*"
              disabled={scanning}
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) pickImage(file);
                event.target.value = '';
              }}
            />
          </label>
        </FormItem>
      </CardForm>
      {formError ? (
        <p role="alert" className={styles.error}>
          {formError}
        </p>
      ) : null}
    </Page>
  );
}
