import { DisconnectedBlock } from '#shared/ui';
import Button from 'antd-mobile/es/components/button';
import CheckList from 'antd-mobile/es/components/check-list';
import { Popup } from '#shared/ui/sheet';
import SearchBar from 'antd-mobile/es/components/search-bar';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useUnit } from 'effector-react';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  $country,
  $phoneCodes,
  $phoneCodesFailed,
  $phoneCodesLoading,
  countryPicked,
  phoneCodesRequested,
  type PhoneCode,
} from '../model/login.ts';
import { flagOf } from './flag.ts';
import styles from './login-page.module.css';

const matches = (entry: PhoneCode, query: string): boolean => {
  const q = query.trim().toLowerCase();
  if (q === '') return true;
  const digits = q.replace(/^\+/, '');
  return (
    entry.country.toLowerCase().includes(q) ||
    entry.iso.toLowerCase() === q ||
    (digits !== '' && entry.code.replace(/^\+/, '').startsWith(digits))
  );
};

/**
 * The bottom sheet of calling codes. It has its own chunk (the sheet, list and search weigh
 * more than the rest of the login page): the page loads it once the phone field shows.
 */
export function CountrySheet({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      showCloseButton
      destroyOnClose
      bodyClassName={styles.sheet}
    >
      <CountryList onPicked={onClose} />
    </Popup>
  );
}

function CountryList({ onPicked }: { onPicked: () => void }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [codes, loading, failed, country, pick, retry] = useUnit([
    $phoneCodes,
    $phoneCodesLoading,
    $phoneCodesFailed,
    $country,
    countryPicked,
    phoneCodesRequested,
  ]);
  const shown = codes.filter((entry) => matches(entry, deferredQuery));

  let body;
  if (codes.length === 0 && failed && !loading) {
    body = (
      <DisconnectedBlock title={t('login.countriesFailed')} description={t('errors.pageLoadHint')}>
        <Button color="primary" onClick={retry}>
          {t('common.retry')}
        </Button>
      </DisconnectedBlock>
    );
  } else if (codes.length === 0) {
    body = (
      <div className={styles.sheetSkeleton} aria-busy="true" aria-label={t('common.loading')}>
        {Array.from({ length: 8 }, (_, index) => (
          <Skeleton key={index} animated className={styles.skeletonRow} />
        ))}
      </div>
    );
  } else if (shown.length === 0) {
    body = (
      <p className={styles.sheetEmpty}>
        {t('login.noCountryMatches', { query: deferredQuery.trim() })}
      </p>
    );
  } else {
    body = (
      <CheckList
        className={styles.countryList}
        value={country ? [country.iso] : []}
        onChange={(value) => {
          // Tapping the chosen country again unticks it in a CheckList: it means "keep this one".
          const iso = value[0] ?? country?.iso;
          const entry = codes.find((candidate) => candidate.iso === iso);
          if (entry) {
            pick(entry);
            onPicked();
          }
        }}
      >
        {shown.map((entry) => (
          <CheckList.Item key={entry.iso} value={entry.iso}>
            <span className={styles.countryRow}>
              <span aria-hidden="true">{flagOf(entry.iso)}</span>
              <span className={styles.countryName}>{entry.country}</span>
              <span className={styles.countryCode}>{entry.code}</span>
            </span>
          </CheckList.Item>
        ))}
      </CheckList>
    );
  }

  return (
    <div role="dialog" aria-label={t('login.chooseCountry')}>
      <h2 className={styles.sheetTitle}>{t('login.chooseCountry')}</h2>
      <div className={styles.sheetSearch}>
        <SearchBar
          value={query}
          onChange={setQuery}
          placeholder={t('login.searchCountry')}
          aria-label={t('login.searchCountry')}
        />
      </div>
      <div className={styles.sheetBody}>{body}</div>
    </div>
  );
}
