import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import styles from './page.module.css';

export interface PageProps {
  title: string;
  children: ReactNode;
  /** the back arrow; false on tab roots and the login page */
  back?: boolean;
  /** something on the right of the header */
  extra?: ReactNode;
  /** the screen's main action, in a sticky bar at the bottom */
  footer?: ReactNode;
  /** content without the default padding (full-bleed lists) */
  flush?: boolean;
  /** leave room for the tab bar */
  withTabBar?: boolean;
}

/** The frame of every screen: a header with the title, the content, an optional action bar. */
export function Page({
  title,
  children,
  back = true,
  extra,
  footer,
  flush,
  withTabBar,
}: PageProps) {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const goBack = () => {
    // A page opened directly has no history to go back to: go home instead.
    if (window.history.length > 1) void navigate(-1);
    else void navigate('/');
  };
  return (
    <div className={`${styles.page} ${withTabBar ? styles.withTabBar : ''}`}>
      <header className={styles.header}>
        {back ? (
          <button
            type="button"
            className={styles.back}
            onClick={goBack}
            aria-label={t('common.back')}
          >
            <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
              <path
                d="M15 5l-7 7 7 7"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </button>
        ) : (
          <span />
        )}
        <h1 className={styles.title}>{title}</h1>
        <span>{extra}</span>
      </header>
      <main className={`${styles.content} ${flush ? styles.flush : ''}`}>{children}</main>
      {footer ? <div className={styles.footer}>{footer}</div> : null}
    </div>
  );
}
