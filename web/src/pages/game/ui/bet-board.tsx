import { betName, boardOf } from '#entities/coin-guess';
import { asPercent, localizeDecimal, useNumberStyle, type NumberStyle } from '#shared/format';
import { LoadingSkeleton } from '#shared/ui/states';
import { D } from '@bourse/formulas';
import type { BetType } from '@bourse/protocol';
import { useUnit } from 'effector-react';
import { memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { $info } from '../model/round.ts';
import { $betType, typePicked } from '../model/slip.ts';
import styles from './game-page.module.css';
import { useBettingOpen } from './use-betting-open.ts';

const chanceOf = (probability: string, numbers: NumberStyle) =>
  asPercent(
    localizeDecimal(new D(probability).times(100).toDecimalPlaces(2).toString(), numbers),
    numbers,
  );

/** The bet types by section, each with its odds and chance; locked once betting closes. */
export function BetBoard() {
  const { t } = useTranslation();
  const [info, chosen, pick] = useUnit([$info, $betType, typePicked]);
  const open = useBettingOpen();
  const name = useId();
  if (info === null) {
    return (
      <LoadingSkeleton className={styles.board}>
        <div className={styles.boardSkeleton} />
      </LoadingSkeleton>
    );
  }
  return (
    <section className={styles.board} aria-label={t('game.board')} data-locked={!open}>
      <p className={styles.boardHint}>{t('game.boardHint')}</p>
      {open ? null : (
        <p className={styles.lockNote} role="status" data-testid="game-locked">
          {t('game.betsClosed')}
        </p>
      )}
      {boardOf(info.bet_types).map(([kind, types]) => (
        <fieldset key={kind} className={styles.section} disabled={!open}>
          <legend className={styles.legend}>{t(`game.kind.${kind}`)}</legend>
          <div className={kind === 'sum' ? styles.sumGrid : styles.cells}>
            {types.map((type) => (
              <Cell
                key={type.id}
                name={name}
                type={type}
                checked={chosen?.id === type.id}
                onPick={pick}
              />
            ))}
          </div>
        </fieldset>
      ))}
    </section>
  );
}

const Cell = memo(function Cell({
  name,
  type,
  checked,
  onPick,
}: {
  name: string;
  type: BetType;
  checked: boolean;
  onPick: (id: string) => void;
}) {
  const { t } = useTranslation();
  const numbers = useNumberStyle();
  const label = betName(type.id, type.sum);
  return (
    <label
      className={`${styles.cell} ${checked ? styles.cellChecked : ''}`}
      data-testid={`bet-${type.id}`}
    >
      <input
        type="radio"
        name={name}
        value={type.id}
        checked={checked}
        className="visually-hidden"
        onChange={() => {
          onPick(type.id);
        }}
      />
      {type.sum === null ? (
        <span className={styles.cellName}>{t(label.key, label.values)}</span>
      ) : (
        // under "Exact sum" the number says it all; its full name is for screen readers
        <>
          <span className={`num ${styles.cellName}`} aria-hidden="true">
            {type.sum}
          </span>
          <span className="visually-hidden">{t(label.key, label.values)}</span>
        </>
      )}
      <span className={`num ${styles.cellOdds}`}>×{localizeDecimal(type.odds, numbers)}</span>
      <span className={`num ${styles.cellChance}`}>{chanceOf(type.probability, numbers)}</span>
    </label>
  );
});
