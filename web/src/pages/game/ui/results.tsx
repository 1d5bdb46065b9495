import { DrawDigits, sumDistribution, type SumBar } from '#entities/coin-guess';
import { localizeDecimal, useNumberStyle } from '#shared/format';
import { useUnit } from 'effector-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { $draws } from '../model/round.ts';
import styles from './game-page.module.css';

/** How many of the last draws are listed; the distribution takes them all (up to 100). */
const LISTED = 5;

/** The last results, and how the last hundred sums fell against how they are expected to. */
export function LastResults() {
  const { t } = useTranslation();
  const draws = useUnit($draws);
  const bars = useMemo(() => sumDistribution(draws), [draws]);
  return (
    <section className={styles.card} aria-labelledby="game-results">
      <h2 id="game-results" className={styles.cardTitle}>
        {t('game.lastResults')}
      </h2>
      {draws.length === 0 ? (
        <p className={styles.muted}>{t('game.noDraws')}</p>
      ) : (
        <ol className={styles.results} data-testid="last-results">
          {draws.slice(0, LISTED).map((draw) => (
            <li key={draw.issue} className={styles.resultRow}>
              <span className={`num ${styles.muted}`}>{draw.issue}</span>
              <DrawDigits digits={draw.digits} number={draw.number} />
            </li>
          ))}
        </ol>
      )}
      {draws.length === 0 ? null : <Distribution bars={bars} draws={draws.length} />}
    </section>
  );
}

function Distribution({ bars, draws }: { bars: readonly SumBar[]; draws: number }) {
  const { t } = useTranslation();
  const numbers = useNumberStyle();
  const top = Math.max(1, ...bars.map((bar) => Math.max(bar.count, bar.expected)));
  return (
    <figure className={styles.distribution}>
      <figcaption className={styles.subTitle}>
        {t('game.distribution', { count: draws })}
      </figcaption>
      <div className={styles.bars} aria-hidden="true">
        {bars.map((bar) => (
          <span key={bar.sum} className={styles.barSlot}>
            <span className={styles.bar} style={{ height: `${(bar.count / top) * 100}%` }} />
            <span
              className={styles.expected}
              style={{ bottom: `${(bar.expected / top) * 100}%` }}
            />
          </span>
        ))}
      </div>
      <div className={styles.axis} aria-hidden="true">
        <span>0</span>
        <span>13</span>
        <span>27</span>
      </div>
      <p className={styles.legendLine}>
        <span className={styles.legendBar} aria-hidden="true" /> {t('game.seen')}
        <span className={styles.legendExpected} aria-hidden="true" /> {t('game.expected')}
      </p>
      <table className="visually-hidden">
        <caption>{t('game.distribution', { count: draws })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('game.sum')}</th>
            <th scope="col">{t('game.seen')}</th>
            <th scope="col">{t('game.expected')}</th>
          </tr>
        </thead>
        <tbody>
          {bars.map((bar) => (
            <tr key={bar.sum}>
              <th scope="row">{bar.sum}</th>
              <td>{bar.count}</td>
              <td>{localizeDecimal(bar.expected.toFixed(1), numbers)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
