import { betName, DrawDigits } from '#entities/coin-guess';
import { formatAmount, localizeDecimal, useNumberStyle } from '#shared/format';
import { useDateFormat } from '#shared/i18n';
import { RecordCard } from '#shared/ui/list';
import type { Bet } from '@bourse/protocol';
import { useTranslation } from 'react-i18next';

/** One bet of mine: what on, for how much at what odds, and how it ended. */
export function BetRecord({ bet }: { bet: Bet }) {
  const { t } = useTranslation();
  const numbers = useNumberStyle();
  const date = useDateFormat('dateTime');
  const label = betName(bet.bet_type, null);
  const lines = [
    { label: t('game.period'), value: <span className="num">{bet.issue}</span> },
    {
      label: t('game.log.result'),
      value:
        bet.draw === null ? (
          t('game.log.waiting')
        ) : (
          <DrawDigits digits={bet.draw.digits} number={bet.draw.number} />
        ),
    },
    { label: t('game.log.stake'), value: `${formatAmount(bet.amount, 2, numbers)} USDT` },
    {
      label: t('game.log.odds'),
      value: <span className="num">×{localizeDecimal(bet.odds, numbers)}</span>,
    },
    { label: t('game.log.payout'), value: `${formatAmount(bet.payout, 2, numbers)} USDT` },
    { label: t('game.log.placedAt'), value: date.format(bet.created_at) },
  ];
  return (
    <div data-testid="bet-record" data-status={bet.status}>
      <RecordCard
        title={`${t(label.key, label.values)} · ${t(`game.status.${bet.status}`)}`}
        amount={`${formatAmount(bet.status === 'pending' ? bet.amount : bet.payout, 2, numbers)} USDT`}
        amountTone={bet.status === 'won' ? 'in' : bet.status === 'lost' ? 'out' : undefined}
        lines={lines}
      />
    </div>
  );
}
