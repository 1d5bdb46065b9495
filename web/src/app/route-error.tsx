import { DisconnectedBlock } from '#shared/ui';
import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';
import { PageLoadTimeout } from './page-loading.ts';

/** A page that failed to load (its code missing, or over 60 s) or failed to render. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const timedOut = error instanceof PageLoadTimeout;
  console.error('[route]', error);
  return (
    <div style={{ paddingTop: '20dvh' }} role="alert">
      <DisconnectedBlock
        title={t(timedOut ? 'errors.pageTimeout' : 'errors.pageLoad')}
        description={t('errors.pageLoadHint')}
      >
        <Button
          color="primary"
          onClick={() => {
            // A module that failed once stays failed in the browser's module map: reload.
            window.location.reload();
          }}
        >
          {t('common.retry')}
        </Button>
      </DisconnectedBlock>
    </div>
  );
}
