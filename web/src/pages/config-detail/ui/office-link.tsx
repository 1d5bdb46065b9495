import { $companyPlace } from '#shared/config';
import { placeOf, placeQuery } from '#shared/place';
import { isRouteAvailable, PATHS } from '#shared/routing';
import { Chevron } from '#shared/ui';
import { useUnit } from 'effector-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styles from './config-detail-page.module.css';

/** About us: the company's office (config.json `company`) on the map, when it is configured. */
export function OfficeLink() {
  const { t } = useTranslation();
  const office = placeOf(useUnit($companyPlace));
  if (office === null || !isRouteAvailable(PATHS.openLocation)) return null;
  return (
    <Link
      to={`${PATHS.openLocation}?${placeQuery(office)}`}
      className={`${styles.entry} ${styles.office}`}
      data-testid="office-link"
    >
      <span>
        <span className={styles.officeTitle}>{t('configDetail.officeOnMap')}</span>
        <span className={styles.officeAddress}>{office.address}</span>
      </span>
      <Chevron className={styles.chevron} />
    </Link>
  );
}
