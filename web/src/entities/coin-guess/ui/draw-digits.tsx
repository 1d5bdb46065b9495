import { useTranslation } from 'react-i18next';
import { drawTraits } from '../lib/bet-types.ts';
import styles from './draw-digits.module.css';

/** A draw read aloud the same way everywhere: "6 + 6 + 8 = 20, big, even". */
export function DrawDigits({ digits, number }: { digits: readonly number[]; number: number }) {
  const { t } = useTranslation();
  const { size, parity } = drawTraits(number);
  const spoken = t('game.drawSpoken', {
    digits: digits.join(' + '),
    sum: number,
    size: t(`game.bet.${size}`),
    parity: t(`game.bet.${parity}`),
  });
  return (
    <span className={styles.draw} role="img" aria-label={spoken} data-testid="draw-digits">
      {digits.map((digit, at) => (
        <span key={at} className={styles.ball} aria-hidden="true">
          {digit}
        </span>
      ))}
      <span className={styles.sum} aria-hidden="true">
        {number}
      </span>
      <span className={styles.trait} aria-hidden="true">
        {t(`game.bet.${size}`)}
      </span>
      <span className={styles.trait} aria-hidden="true">
        {t(`game.bet.${parity}`)}
      </span>
    </span>
  );
}
