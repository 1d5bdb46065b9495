import Button from 'antd-mobile/es/components/button';
import { useUnit } from 'effector-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { $country, phoneCodesRequested } from '../model/login.ts';
import { flagOf } from './flag.ts';
import styles from './login-page.module.css';

const CountrySheet = lazy(() =>
  import('./country-sheet.tsx').then(({ CountrySheet }) => ({ default: CountrySheet })),
);

/**
 * The calling-code field's button, and the bottom sheet it opens. The sheet's code loads once
 * the button shows (the phone form), not with the login page.
 */
export function CountryCodeButton() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const [country, requestCodes] = useUnit([$country, phoneCodesRequested]);
  return (
    <>
      <Button
        className={styles.countryButton}
        fill="none"
        aria-haspopup="dialog"
        aria-label={t('login.countryCode')}
        onClick={() => {
          requestCodes();
          setVisible(true);
        }}
      >
        <span aria-hidden="true">{country ? flagOf(country.iso) : ''}</span>
        <span className={styles.areaCode}>{country?.code ?? t('login.chooseCode')}</span>
        <svg width="12" height="12" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.4" />
        </svg>
      </Button>
      {/* Mounted closed with the button, so the sheet slides in on the first tap too. */}
      <Suspense fallback={null}>
        <CountrySheet
          visible={visible}
          onClose={() => {
            setVisible(false);
          }}
        />
      </Suspense>
    </>
  );
}
