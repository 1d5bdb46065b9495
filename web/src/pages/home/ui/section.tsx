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
  more?: { to: string; text: string } | undefined;
  children: ReactNode;
}) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <div className={styles.sectionHeader}>
        <h2 id={id} className={styles.sectionTitle}>
          {title}
        </h2>
        {more ? (
          // Named by its words and the heading ("More Markets"): the name a person hears then
          // starts with what they see (WCAG 2.5.3), in every language.
          <Link to={more.to} className={styles.more} aria-labelledby={`${id}-more ${id}`}>
            <span id={`${id}-more`}>{more.text}</span>
            <Icon name="chevron" size={16} />
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}
