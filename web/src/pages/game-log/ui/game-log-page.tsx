import { Tabs, tabPanelProps, useTabQuery } from '#shared/ui/tabs';
import { AccountModeMark, RecordsView } from '#entities/balance';
import { PATHS } from '#shared/routing';
import { Page } from '#shared/ui';
import { useGate } from 'effector-react';
import { useTranslation } from 'react-i18next';
import { bets, GameLogGate, RECORDS_TABS, tabOf } from '../model/records.ts';
import { BetRecord } from './bet-record.tsx';
import { DrawRecords } from './draw-records.tsx';
import styles from './game-log-page.module.css';

/** The ids of the records tabs and of the list they show. */
const RECORDS_TABS_ID = 'game-records';

/** The Coin Guess records: every draw with its proof (and a check in the browser), and my bets. */
export function GameLogPage() {
  const { t } = useTranslation();
  useGate(GameLogGate, {});
  const [tab, chooseTab] = useTabQuery(tabOf);
  return (
    <Page
      title={t('game.log.title')}
      back={PATHS.game}
      extra={<AccountModeMark placement="header" />}
      flush
    >
      <Tabs
        items={RECORDS_TABS.map((name) => ({ key: name, label: t(`game.log.${name}`) }))}
        selected={tab}
        onChange={chooseTab}
        label={t('game.log.tabs')}
        idPrefix={RECORDS_TABS_ID}
        className={styles.tabs}
      />
      <div {...tabPanelProps(RECORDS_TABS_ID, tab)}>
        {tab === 'draws' ? (
          <DrawRecords />
        ) : (
          <RecordsView
            list={bets}
            label={t('game.log.bets')}
            row={(bet) => <BetRecord bet={bet} />}
            empty={{ title: t('game.log.emptyBets'), hint: t('game.log.emptyBetsHint') }}
          />
        )}
      </div>
    </Page>
  );
}
