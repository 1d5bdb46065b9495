import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styles from './page.module.css';

/** A link in a page header's right slot ("Records", "Invite"): a full-height touch target. */
export function HeaderLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={styles.headerLink}>
      {children}
    </Link>
  );
}
