import { localizeDecimal, useNumberStyle } from '#shared/format';
import { geoLink, placeFromQuery, type Place } from '#shared/place';
import { isRouteAvailable, PATHS } from '#shared/routing';
import { Page } from '#shared/ui';
import { EmptyState } from '#shared/ui/states';
import { WorldMap } from '#shared/world-map';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import styles from './open-location-page.module.css';

/**
 * A place the address names (`name`, `address`, `lat`, `lon`): on a globe turned to face it,
 * drawn offline, with a link that opens the phone's maps app there.
 */
export function OpenLocationPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const place = useMemo(() => placeFromQuery(search), [search]);
  return (
    <Page title={place?.name ?? t('location.openTitle')} back={PATHS.root}>
      {place === null ? (
        <EmptyState title={t('location.invalidTitle')} hint={t('location.invalidHint')} />
      ) : (
        <PlaceCard place={place} />
      )}
    </Page>
  );
}

function PlaceCard({ place }: { place: Place }) {
  const { t } = useTranslation();
  const numbers = useNumberStyle();
  const degrees = (value: number) => `${localizeDecimal(value.toFixed(4), numbers)}°`;
  return (
    <article className={styles.card} aria-label={place.name}>
      <WorldMap view="globe" marker={place} label={t('location.mapLabel', { name: place.name })} />
      <div className={styles.details}>
        {place.address === '' ? null : (
          <p className={styles.address} data-testid="place-address">
            {place.address}
          </p>
        )}
        <dl className={styles.coordinates}>
          <dt>{t('location.latitude')}</dt>
          <dd className="num">{degrees(place.latitude)}</dd>
          <dt>{t('location.longitude')}</dt>
          <dd className="num">{degrees(place.longitude)}</dd>
        </dl>
        <a className={styles.open} href={geoLink(place)} data-testid="geo-link">
          {t('location.openInMaps')}
        </a>
        {isRouteAvailable(PATHS.chooseLocation) ? (
          <Link
            className={styles.another}
            to={`${PATHS.chooseLocation}?return=${encodeURIComponent(PATHS.openLocation)}`}
          >
            {t('location.another')}
          </Link>
        ) : null}
      </div>
    </article>
  );
}
