import { LANDING_PATH, PATHS } from '#shared/routing';
import { $isLoggedIn } from '#shared/session';
import { Page } from '#shared/ui';
import Button from 'antd-mobile/es/components/button';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import { useUnit } from 'effector-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useUnit($isLoggedIn);
  return (
    <Page title={t('notFound.title')} back={PATHS.root}>
      <div style={{ paddingTop: '12dvh' }}>
        <ErrorBlock
          status="empty"
          title={t('notFound.title')}
          description={t('notFound.description')}
        >
          <Button
            color="primary"
            onClick={() => void navigate(loggedIn ? LANDING_PATH : PATHS.login, { replace: true })}
          >
            {t(loggedIn ? 'notFound.toHome' : 'notFound.toLogin')}
          </Button>
        </ErrorBlock>
      </div>
    </Page>
  );
}
