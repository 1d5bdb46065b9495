import { localizeDecimal, useNumberStyle } from '#shared/format';
import { placeQuery, type Place } from '#shared/place';
import { isRouteAvailable, PATHS } from '#shared/routing';
import { Page } from '#shared/ui';
import { WorldMap, type LonLat } from '#shared/world-map';
import Button from 'antd-mobile/es/components/button';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { returnLink, searchPlaces } from '../lib/places.ts';
import styles from './choose-location-page.module.css';

/** The query parameter that names the page the choice goes back to. */
const RETURN_PARAM = 'return';

/**
 * Picks a place, by name from an offline list or by a tap on the map, and goes back with it to
 * the page `?return=` names (its query gets `name`, `address`, `lat`, `lon`; see `#shared/place`).
 * Without a return path the place is shown on the map page.
 */
export function ChooseLocationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [chosen, setChosen] = useState<Place | null>(null);
  const numbers = useNumberStyle();

  const pinned = (point: LonLat) => {
    const degrees = (value: number) => localizeDecimal(value.toFixed(4), numbers);
    setChosen({
      name: t('location.pin', { lat: degrees(point.latitude), lon: degrees(point.longitude) }),
      address: '',
      latitude: Number(point.latitude.toFixed(6)),
      longitude: Number(point.longitude.toFixed(6)),
    });
  };

  const confirm = () => {
    if (chosen === null) return;
    const query = placeQuery(chosen);
    const back =
      returnLink(search.get(RETURN_PARAM), query, isRouteAvailable) ??
      `${PATHS.openLocation}?${query}`;
    void navigate(back, { replace: true });
  };

  return (
    <Page
      title={t('location.chooseTitle')}
      back={PATHS.root}
      footer={
        <Button
          block
          size="large"
          color="primary"
          disabled={chosen === null}
          onClick={confirm}
          data-testid="use-place"
        >
          {t('location.use')}
        </Button>
      }
    >
      <div className={styles.body}>
        <PlaceSearch chosen={chosen} onPick={setChosen} />
        <section className={styles.card} aria-label={t('location.mapTitle')}>
          <p className={styles.hint}>{t('location.tapHint')}</p>
          <WorldMap
            view="world"
            marker={chosen}
            label={
              chosen === null
                ? t('location.worldMap')
                : t('location.mapLabel', { name: chosen.name })
            }
            onPick={pinned}
          />
        </section>
        <p className={styles.chosen} role="status" data-testid="chosen-place">
          {chosen === null ? t('location.noneChosen') : t('location.chosen', { name: chosen.name })}
        </p>
      </div>
    </Page>
  );
}

function PlaceSearch({ chosen, onPick }: { chosen: Place | null; onPick: (place: Place) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [query, setQuery] = useState('');
  const matches = useMemo(() => searchPlaces(query), [query]);
  return (
    <section className={styles.card} aria-label={t('location.searchTitle')}>
      <label htmlFor={id} className={styles.label}>
        {t('location.search')}
      </label>
      <input
        id={id}
        type="search"
        className={styles.input}
        value={query}
        autoComplete="off"
        onChange={(event) => {
          setQuery(event.target.value);
        }}
      />
      {query.trim() !== '' && matches.length === 0 ? (
        <p className={styles.hint}>{t('location.noMatches')}</p>
      ) : null}
      {matches.length > 0 ? (
        <ul className={styles.matches} aria-label={t('location.matches')}>
          {matches.map((place) => (
            <li key={place.name}>
              <button
                type="button"
                className={styles.match}
                aria-pressed={chosen?.name === place.name}
                onClick={() => {
                  onPick(place);
                }}
                data-testid="place-match"
              >
                <span className={styles.matchName}>{place.name}</span>
                <span className={styles.matchCountry}>{place.address}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
