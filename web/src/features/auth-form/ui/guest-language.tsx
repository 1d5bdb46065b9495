import { LANGUAGES } from '@bourse/protocol/config';
import { $language, HTML_LANG, isLanguage, LANGUAGE_NAMES, languageChanged } from '#shared/i18n';
import { useUnit } from 'effector-react';
import { useTranslation } from 'react-i18next';
import styles from './guest-language.module.css';

const PICKER_ID = 'guest-language';

/**
 * The language choice of the guest screens (login, register, reset), for the header's corner: a
 * globe and the current language's code over the phone's own picker, which lists every language
 * named in itself. Only a native select: nothing more to load on the login route.
 */
export function GuestLanguage() {
  const { t } = useTranslation();
  const [language, change] = useUnit([$language, languageChanged]);
  return (
    <div className={styles.picker}>
      <label htmlFor={PICKER_ID} className="visually-hidden">
        {t('guestLanguage.label')}
      </label>
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <path
          d="M3 12h18M12 3c2.6 2.5 3.8 5.5 3.8 9s-1.2 6.5-3.8 9c-2.6-2.5-3.8-5.5-3.8-9S9.4 5.5 12 3z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
      <span className={styles.code} aria-hidden="true">
        {HTML_LANG[language].slice(0, 2).toUpperCase()}
      </span>
      <select
        id={PICKER_ID}
        className={styles.select}
        value={language}
        onChange={(event) => {
          const picked = event.target.value;
          if (isLanguage(picked)) change(picked);
        }}
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={HTML_LANG[code]}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
