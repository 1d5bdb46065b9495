import { BalancesGate } from '#entities/balance';
import { LiveStatus } from '#entities/market';
import { isRouteAvailable, PATHS } from '#shared/routing';
import { HeaderLink, Page } from '#shared/ui';
import { LoadError } from '#shared/ui/states';
import { useGate, useUnit } from 'effector-react';
import { useTranslation } from 'react-i18next';
import { $loadFailed, $round, GameGate, retryClicked } from '../model/round.ts';
import { BetBoard } from './bet-board.tsx';
import { BetBar, BetSlip } from './bet-slip.tsx';
import { MyBets } from './my-bets.tsx';
import { PeriodCard } from './period-card.tsx';
import { LastResults } from './results.tsx';
import styles from './game-page.module.css';

/** Coin Guess: the period and its clock, the board, the slip, my bets, the last results. */
export function GamePage() {
  const { t } = useTranslation();
  useGate(GameGate, {});
  useGate(BalancesGate, {});
  const [round, failed, retry] = useUnit([$round, $loadFailed, retryClicked]);
  return (
    <Page
      title={t('game.title')}
      back={false}
      flush
      withTabBar
      extra={
        isRouteAvailable(PATHS.gameLog) ? (
          <HeaderLink to={PATHS.gameLog}>{t('game.records')}</HeaderLink>
        ) : undefined
      }
      footer={<BetBar />}
    >
      <div className={styles.body}>
        <LiveStatus />
        {round === null && failed ? (
          <LoadError title={t('game.loadFailed')} hint={t('errors.pageLoadHint')} onRetry={retry} />
        ) : (
          <>
            <PeriodCard />
            <BetBoard />
            <BetSlip />
            <MyBets />
            <LastResults />
          </>
        )}
      </div>
    </Page>
  );
}
