import { useLivePosition } from '#entities/contract';
import { PositionActions } from '#features/manage-position';
import { $symbolsById, formatPrice } from '#entities/market';
import {
  asPercent,
  formatAmount,
  localizeDecimal,
  useNumberStyle,
  type NumberStyle,
} from '#shared/format';
import type { Position } from '#entities/contract';
import { useStoreMap } from 'effector-react';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './contract-page.module.css';

/** A symbol's price precision (2 until the symbol list is in). */
export function usePrecision(symbolId: string): number {
  return useStoreMap({
    store: $symbolsById,
    keys: [symbolId],
    fn: (byId, [id]) => byId[id]?.price_precision ?? 2,
  });
}

const toneOf = (value: string) =>
  value.startsWith('-') ? styles.loss : /[1-9]/.test(value) ? styles.profit : '';

/**
 * One open position with its figures at the live mark (the shared formulas): PnL, profit rate,
 * margin ratio, liquidation price. It re-renders when its own position or price moves.
 */
export const PositionCard = memo(function PositionCard({ positionId }: { positionId: string }) {
  const { t } = useTranslation();
  const numbers = useNumberStyle();
  const live = useLivePosition(positionId);
  const precision = usePrecision(live?.position.symbol_id ?? '');
  const direction = live?.position.direction ?? 'long';
  // The words are looked up once per language, not on each of the ten ticks a second.
  const words = useMemo(
    () => ({
      direction: t(`contract.direction.${direction}`),
      pnl: t('contract.positions.pnl'),
      profitRate: t('contract.positions.profitRate'),
      marginRatio: t('contract.positions.marginRatio'),
      mark: t('contract.positions.mark'),
    }),
    [t, direction],
  );
  if (live === null) return null;
  const { position, figures } = live;
  const price = (value: string) => formatPrice(value, precision, numbers);
  const pnlTone = toneOf(figures.unrealizedPnl);
  return (
    <li
      className={styles.card}
      aria-label={`${position.symbol} ${words.direction}`}
      data-testid="position"
      data-position-id={position.id}
    >
      <div className={styles.cardHead}>
        <span className={styles.cardSymbol}>{position.symbol}</span>
        <span className={position.direction === 'long' ? styles.long : styles.short}>
          {words.direction}
        </span>
        <span className={styles.muted}>{position.leverage}×</span>
      </div>
      <div className={styles.pnl}>
        <div className={styles.figure}>
          <span className={styles.muted}>{words.pnl}</span>
          <span className={`num ${styles.pnlValue} ${pnlTone}`} data-testid="position-pnl">
            {localizeDecimal(figures.unrealizedPnl, numbers)}
          </span>
        </div>
        <div className={`${styles.figure} ${styles.end}`}>
          <span className={styles.muted}>{words.profitRate}</span>
          <span className={`num ${styles.pnlValue} ${pnlTone}`} data-testid="position-rate">
            {asPercent(localizeDecimal(figures.profitRate, numbers), numbers)}
          </span>
        </div>
      </div>
      <dl className={styles.figures}>
        <Cell
          label={words.marginRatio}
          value={
            figures.marginRatio === null
              ? '—'
              : asPercent(localizeDecimal(figures.marginRatio, numbers), numbers)
          }
          testId="position-margin-ratio"
        />
        <Cell label={words.mark} value={price(figures.mark)} />
        <HeldCells
          position={position}
          liquidation={figures.liquidationPrice}
          precision={precision}
          numbers={numbers}
        />
      </dl>
      <Actions position={position} />
    </li>
  );
});

/** The card's buttons and sheets: a tick that moves only the price leaves them alone. */
const Actions = memo(PositionActions);

/** The cells a tick does not move: re-rendered when the position itself changes. */
const HeldCells = memo(function HeldCells({
  position,
  liquidation,
  precision,
  numbers,
}: {
  position: Position;
  liquidation: string;
  precision: number;
  numbers: NumberStyle;
}) {
  const { t } = useTranslation();
  const price = (value: string) => formatPrice(value, precision, numbers);
  return (
    <>
      <Cell
        label={t('contract.positions.quantity')}
        value={localizeDecimal(position.quantity, numbers)}
      />
      <Cell
        label={t('contract.positions.margin')}
        value={formatAmount(position.margin, 2, numbers)}
      />
      <Cell label={t('contract.positions.entry')} value={price(position.entry_price)} />
      <Cell
        label={t('contract.positions.liquidation')}
        value={price(liquidation)}
        testId="position-liquidation"
      />
      <Cell
        label={t('contract.positions.takeProfit')}
        value={position.take_profit === '' ? '—' : price(position.take_profit)}
      />
      <Cell
        label={t('contract.positions.stopLoss')}
        value={position.stop_loss === '' ? '—' : price(position.stop_loss)}
      />
    </>
  );
});

function Cell({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className={styles.figure}>
      <dt>{label}</dt>
      <dd className="num" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
