import { LoadError } from '#shared/ui/states';
import { useUnit } from 'effector-react';
import { useTranslation } from 'react-i18next';
import { balancesRetried } from '../model/balances.ts';

/** The balances could not be loaded: why, and a retry (Assets, Transfer). */
export function BalancesLoadError({ className }: { className?: string }) {
  const { t } = useTranslation();
  const retry = useUnit(balancesRetried);
  return (
    <LoadError
      title={t('funds.assets.loadFailed')}
      hint={t('errors.pageLoadHint')}
      onRetry={retry}
      className={className}
      compact
    />
  );
}
