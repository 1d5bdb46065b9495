import { formatPrice } from '#entities/market';
import { useNumberStyle } from '#shared/format';
import { useDateFormat } from '#shared/i18n';
import type { OptionOrder, OptionTick } from '@bourse/protocol';
import { useTranslation } from 'react-i18next';
import styles from './detail.module.css';

/** The ticks that decided the order: around its entry and around its exit, the decisive one marked. */
export function AuditTicks({ order, precision }: { order: OptionOrder; precision: number }) {
  const { t } = useTranslation();
  if (order.audit.entry.length === 0 && order.audit.exit.length === 0) return null;
  return (
    <section className={styles.audit} aria-labelledby="audit-title" data-testid="audit">
      <h2 id="audit-title" className={styles.auditTitle}>
        {t('options.audit.title')}
      </h2>
      <TickTable
        caption={t('options.audit.entry')}
        ticks={order.audit.entry}
        decisive={order.open_tick_at}
        precision={precision}
        testId="audit-entry"
      />
      {order.audit.exit.length === 0 ? null : (
        <TickTable
          caption={t('options.audit.exit')}
          ticks={order.audit.exit}
          decisive={order.close_tick_at}
          precision={precision}
          testId="audit-exit"
        />
      )}
    </section>
  );
}

function TickTable({
  caption,
  ticks,
  decisive,
  precision,
  testId,
}: {
  caption: string;
  ticks: readonly OptionTick[];
  decisive: number | null;
  precision: number;
  testId: string;
}) {
  const { t } = useTranslation();
  const numbers = useNumberStyle();
  const time = useDateFormat('timeSeconds');
  return (
    <table className={styles.ticks} data-testid={testId}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('options.audit.time')}</th>
          <th scope="col">{t('options.audit.price')}</th>
        </tr>
      </thead>
      <tbody>
        {ticks.map((tick) => {
          const chosen = tick.time === decisive;
          return (
            <tr
              key={tick.time}
              className={chosen ? styles.decisive : undefined}
              aria-current={chosen ? 'true' : undefined}
            >
              <td>
                {time.format(tick.time)}
                {chosen ? (
                  <span className={styles.decisiveMark}> {t('options.audit.decisive')}</span>
                ) : null}
              </td>
              <td className="num">{formatPrice(tick.price, precision, numbers)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
