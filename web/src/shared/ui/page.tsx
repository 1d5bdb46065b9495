import { goBackFx } from '#shared/routing';
import { useUnit } from 'effector-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './page.module.css';

export interface PageProps {
  title: string;
  children: ReactNode;
  /**
   * The back arrow goes to the previous screen of the app; this is where it goes instead when
   * the page was opened directly (a link, a bookmark, a reload of the first page), usually the
   * screen that lists it. False on tab roots and the login page: no arrow.
   */
  back: string | false;
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
export function Page({ title, children, back, extra, footer, flush, withTabBar }: PageProps) {
  const { t } = useTranslation();
  const goBack = useUnit(goBackFx);
  return (
    <div className={`${styles.page} ${withTabBar ? styles.withTabBar : ''}`}>
      <header className={styles.header}>
        {back === false ? (
          <span />
        ) : (
          <button
            type="button"
            className={styles.back}
            onClick={() => void goBack(back)}
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
        )}
        <h1 className={styles.title}>{title}</h1>
        <span className={styles.extra}>{extra}</span>
      </header>
      <main className={`${styles.content} ${flush ? styles.flush : ''}`}>{children}</main>
      {footer ? <div className={styles.footer}>{footer}</div> : null}
    </div>
  );
}
