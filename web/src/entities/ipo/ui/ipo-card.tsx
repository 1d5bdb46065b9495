import { useDateFormat } from '#shared/i18n';
import { formatAmount, useNumberStyle, type NumberStyle } from '#shared/format';
import type { IpoOffering } from '@bourse/protocol';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ipoDetailHref } from '../lib/stages.ts';
import { IpoIcon } from './ipo-icon.tsx';
import { IpoStatusTag } from './ipo-status-tag.tsx';
import styles from './ipo.module.css';
import { changeTone, formatIpoChange, formatIpoPrice, NO_VALUE } from './numbers.ts';

/** The day only: the detail has the times, and three columns fit the narrowest phones. */
interface Fact {
  readonly label: string;
  readonly value: string;
  readonly time?: number;
  readonly tone?: 'up' | 'down' | 'flat';
}

export interface IpoCardProps {
  offering: IpoOffering;
  /** where a tap goes; the offering's detail by default */
  to?: string;
  /** the stage's tag; leave it out where the list is of one stage already (a tab) */
  showStatus?: boolean;
}

/**
 * One offering as a card that opens its detail: logo, name, ticker and exchange, its stage,
 * the issue price, the date that matters in its stage, and the subscription multiple or the
 * first-day change once known.
 */
export function IpoCard({
  offering,
  to = ipoDetailHref(offering.id),
  showStatus = true,
}: IpoCardProps) {
  const { t } = useTranslation();
  const date = useDateFormat('monthDay');
  const facts = factsOf(offering, t, useNumberStyle());
  return (
    <Link className={styles.card} to={to}>
      <span className={styles.cardHead}>
        <IpoIcon icon={offering.icon} symbol={offering.symbol} />
        <span className={styles.identity}>
          <span className={styles.name}>{offering.name}</span>
          <span className={styles.ticker}>
            {t('ipo.tickerOn', { symbol: offering.symbol, exchange: offering.exchange })}
          </span>
        </span>
        {showStatus ? <IpoStatusTag status={offering.status} /> : null}
      </span>
      <span className={styles.facts}>
        {facts.map((fact) => (
          <span key={fact.label} className={styles.fact}>
            <span className={styles.factLabel}>{fact.label}</span>
            {fact.time === undefined ? (
              <span className={`${styles.factValue} ${fact.tone ? styles[fact.tone] : ''} num`}>
                {fact.value}
              </span>
            ) : (
              <time
                className={`${styles.factValue} num`}
                dateTime={new Date(fact.time).toISOString()}
              >
                {date.format(fact.time)}
              </time>
            )}
          </span>
        ))}
      </span>
    </Link>
  );
}

type Translate = ReturnType<typeof useTranslation>['t'];

function factsOf(offering: IpoOffering, t: Translate, numbers: NumberStyle): readonly Fact[] {
  const price: Fact = {
    label: t('ipo.issuePrice'),
    value: formatIpoPrice(offering.issue_price, offering.currency, numbers),
  };
  const multiple: Fact = {
    label: t('ipo.subscriptionMultiple'),
    value:
      offering.subscription_multiple === null
        ? NO_VALUE
        : t('ipo.times', { value: formatAmount(offering.subscription_multiple, 2, numbers) }),
  };
  const at = (label: string, time: number): Fact => ({ label, value: '', time });
  switch (offering.status) {
    case 'subscribing':
      return [
        price,
        { label: t('ipo.minShares'), value: formatAmount(offering.min_shares, 0, numbers) },
        at(t('ipo.subscriptionEnds'), offering.subscription_end),
      ];
    case 'submitted':
      return [price, multiple, at(t('ipo.allotmentTime'), offering.allotment_time)];
    case 'pending_listing':
      return [price, multiple, at(t('ipo.listingTime'), offering.listing_time)];
    case 'listed':
      return [
        price,
        {
          label: t('ipo.listingChange'),
          value: formatIpoChange(offering.listing_change_rate, numbers),
          tone: changeTone(offering.listing_change_rate),
        },
        at(t('ipo.listedOn'), offering.listing_time),
      ];
  }
}
