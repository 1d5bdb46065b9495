import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Icon } from './icons.tsx';
import styles from './home-page.module.css';

/** A section of the home screen: a card with a heading, an optional link on the right. */
export function HomeSection({
  id,
  title,
  more,
  children,
}: {
  /** the heading's id; the section is labelled by it */
  id: string;
  title: string;
  more?: { to: string; label: string; text: string } | undefined;
  children: ReactNode;
}) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <div className={styles.sectionHeader}>
        <h2 id={id} className={styles.sectionTitle}>
          {title}
        </h2>
        {more ? (
          <Link to={more.to} className={styles.more} aria-label={more.label}>
            {more.text}
            <Icon name="chevron" size={16} />
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}
