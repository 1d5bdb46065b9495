import type { AccountMode } from '@bourse/protocol';
import { useHydrated } from '#shared/lib';
import { $accountType } from '#shared/session';
import Tag from 'antd-mobile/es/components/tag';
import { useUnit } from 'effector-react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './account-mode-mark.module.css';

/**
 * Which accounts a money screen shows: every money screen shows it, and the demo accounts'
 * mark stands out so that nobody takes play money for real (issue 11). `mode` is the mode of
 * what the screen shows when that is fixed (a record's own account); otherwise the current one,
 * which the screen's lists are filtered by. `placement="header"` keeps it off the header's edge.
 */
/** the tag's text in the theme's colour for text on a solid colour (antd's own is white) */
const ON_SOLID = { '--text-color': 'var(--color-on-solid)' } as CSSProperties;

export function AccountModeMark({
  mode,
  placement = 'inline',
}: {
  mode?: AccountMode | undefined;
  placement?: 'header' | 'inline' | 'corner';
}) {
  const { t } = useTranslation();
  const current = useUnit($accountType);
  // The current mode is the device's to know: a prerendered screen names none (a blank tag of
  // the same size) until hydrated, rather than "Real" to a demo user for a second or two.
  const known = useHydrated() || mode !== undefined;
  const shown = mode ?? current;
  const tag = !known ? (
    <Tag color="default" fill="outline" round className={styles.unknown} aria-hidden="true">
      {t('common.accountMode.real')}
    </Tag>
  ) : shown === 'demo' ? (
    // antd paints a solid tag's text white; by night the warning colour is light, so the text
    // takes the theme's colour for text on a solid colour (dark at night), which passes axe
    <Tag color="warning" fill="solid" round style={ON_SOLID}>
      {t('common.accountMode.demo')}
    </Tag>
  ) : (
    <Tag color="primary" fill="outline" round>
      {t('common.accountMode.real')}
    </Tag>
  );
  if (placement === 'header') return <span className={styles.header}>{tag}</span>;
  if (placement === 'corner') return <div className={styles.corner}>{tag}</div>;
  return tag;
}
