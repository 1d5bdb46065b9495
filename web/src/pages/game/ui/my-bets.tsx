import { betName } from '#entities/coin-guess';
import { formatAmount, useNumberStyle } from '#shared/format';
import type { Bet } from '@bourse/protocol';
import { useUnit } from 'effector-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { $cancelling, $latestResults, $openBets, $round, cancelClicked } from '../model/round.ts';
import styles from './game-page.module.css';

/** My bets waiting for their draw (each with Cancel while its period takes bets), then my results. */
export function MyBets() {
  const { t } = useTranslation();
  const [open, results, round] = useUnit([$openBets, $latestResults, $round]);
  return (
    <section className={styles.card} aria-labelledby="game-my-bets">
      <h2 id="game-my-bets" className={styles.cardTitle}>
        {t('game.myBets')}
      </h2>
      {open === null || open.length === 0 ? (
        <p className={styles.muted}>{t('game.noOpenBets')}</p>
      ) : (
        <ul className={styles.betList} data-testid="open-bets">
          {open.map((bet) => (
            <BetRow
              key={bet.id}
              bet={bet}
              cancellable={round?.phase === 'betting' && bet.issue === round.issue}
            />
          ))}
        </ul>
      )}
      {results === null || results.length === 0 ? null : (
        <>
          <h3 className={styles.subTitle}>{t('game.myResults')}</h3>
          <ul className={styles.betList} data-testid="bet-results">
            {results.map((bet) => (
              <BetRow key={bet.id} bet={bet} cancellable={false} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

const BetRow = memo(function BetRow({ bet, cancellable }: { bet: Bet; cancellable: boolean }) {
  const { t } = useTranslation();
  const numbers = useNumberStyle();
  const [cancelling, cancel] = useUnit([$cancelling, cancelClicked]);
  const label = betName(bet.bet_type, null);
  const name = t(label.key, label.values);
  const tone =
    bet.status === 'won' ? styles.profit : bet.status === 'lost' ? styles.loss : undefined;
  return (
    <li className={styles.betRow} data-testid="bet-row" data-status={bet.status}>
      <span className={styles.betWhat}>
        <span>{name}</span>
        <span className={`num ${styles.muted}`}>{bet.issue}</span>
      </span>
      <span className={`num ${styles.betAmount}`}>
        {`${formatAmount(bet.amount, 2, numbers)} USDT`}
        {bet.status === 'pending' ? null : (
          <span className={tone} data-testid="bet-payout">
            {t(`game.status.${bet.status}`)} · {`${formatAmount(bet.payout, 2, numbers)} USDT`}
          </span>
        )}
      </span>
      {cancellable ? (
        <button
          type="button"
          className={styles.cancel}
          disabled={cancelling === bet.id}
          aria-label={t('game.cancelBet', { bet: name })}
          onClick={() => {
            cancel(bet.id);
          }}
        >
          {t('game.cancel')}
        </button>
      ) : null}
    </li>
  );
});
