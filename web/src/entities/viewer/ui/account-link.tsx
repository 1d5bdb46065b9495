import { PATHS } from '#shared/routing';
import { useKept } from '#shared/lib';
import { $isLoggedIn, $userInfo } from '#shared/session';
import { useUnit } from 'effector-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ViewerAvatar } from './viewer-avatar.tsx';
import styles from './viewer.module.css';

/**
 * The way into the personal centre (settings, language, theme, help, log out): the user's avatar
 * in the header of every main screen, named "My account" as the screen it opens is titled.
 */
export function AccountLink() {
  const { t } = useTranslation();
  const loggedIn = useUnit($isLoggedIn);
  // (who the user is, the device keeps: drawn once hydrated, as a placeholder before)
  const user = useKept($userInfo);
  // A guest (IPO is open to guests) has no account to open.
  if (!loggedIn) return null;
  return (
    <Link to={PATHS.user} className={styles.accountLink} aria-label={t('user.title')}>
      <ViewerAvatar src={user?.avatar ?? ''} nickname={user?.nickname ?? ''} size={30} />
    </Link>
  );
}
