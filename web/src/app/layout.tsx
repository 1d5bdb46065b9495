import {
  $isLoggedIn,
  $sessionEnd,
  $userInfo,
  returnPathFor,
  returnTargetOf,
} from '#shared/session';
import { DelayedLoader } from '#shared/ui';
import { LANDING_PATH, PATHS } from '#shared/routing';
import { useUnit } from 'effector-react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useMatches, useNavigation } from 'react-router-dom';
import { LoadingOverlay } from './loading-overlay.tsx';
import { $overlayVisible } from './model.ts';
import type { PageRoute } from './routes.tsx';
import { REGISTERED_PATHS } from './routes.tsx';
import { Splash } from './splash.tsx';
import { TabBar } from './tab-bar.tsx';

export interface RouteHandle {
  access?: Pick<PageRoute, 'auth' | 'guestOnly'>;
}

/** The frame around every page: access rules, the tab bar, the loading overlay. */
export function AppLayout() {
  const { t } = useTranslation();
  const [loggedIn, overlayVisible, sessionEnd, user] = useUnit([
    $isLoggedIn,
    $overlayVisible,
    $sessionEnd,
    $userInfo,
  ]);
  const navigation = useNavigation();
  const location = useLocation();
  const matches = useMatches();
  const access = (matches.at(-1)?.handle as RouteHandle | undefined)?.access;

  // A redirect waits for the next page's code: the splash shows meanwhile, never a blank screen.
  if (access?.auth && !loggedIn) {
    return (
      <>
        <Navigate
          to={PATHS.login}
          replace
          state={returnTargetOf(location.pathname + location.search, sessionEnd)}
        />
        <Splash label={t('common.loading')} />
      </>
    );
  }
  if (access?.guestOnly && loggedIn) {
    // Back to the page that sent the guest to log in, when there was one and it is this user's.
    const state = location.state as { from?: unknown; owner?: unknown } | null;
    const from = returnPathFor(
      {
        from: typeof state?.from === 'string' ? state.from : null,
        owner: typeof state?.owner === 'string' ? state.owner : null,
      },
      user?.user_id ?? null,
    );
    return (
      <>
        <Navigate to={from ?? LANDING_PATH} replace />
        <Splash label={t('common.loading')} />
      </>
    );
  }

  return (
    <div className="app-frame">
      {navigation.state === 'loading' ? <DelayedLoader label={t('common.loading')} /> : null}
      <Outlet />
      <TabBar available={REGISTERED_PATHS} />
      <LoadingOverlay visible={overlayVisible} />
    </div>
  );
}
