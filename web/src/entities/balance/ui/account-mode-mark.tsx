import { $accountType } from '#shared/session';
import Tag from 'antd-mobile/es/components/tag';
import { useUnit } from 'effector-react';
import { useTranslation } from 'react-i18next';

/**
 * Which accounts a money screen moves: every money screen shows it, and the demo accounts'
 * mark stands out so that nobody takes play money for real (issue 11).
 */
export function AccountModeMark() {
  const { t } = useTranslation();
  const mode = useUnit($accountType);
  return mode === 'demo' ? (
    <Tag color="warning" fill="solid" round>
      {t('funds.mode.demo')}
    </Tag>
  ) : (
    <Tag color="primary" fill="outline" round>
      {t('funds.mode.real')}
    </Tag>
  );
}
