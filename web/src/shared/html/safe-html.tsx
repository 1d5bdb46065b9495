import { sanitizeHtml } from './sanitize.ts';
import { useNavigate } from 'react-router-dom';
import type { MouseEvent } from 'react';
import styles from './safe-html.module.css';

/**
 * Server HTML, sanitised, with in-app links (`/pages/...`) followed by the router instead of a
 * page reload.
 */
export function SafeHtml({ html }: { html: string }) {
  const navigate = useNavigate();
  const followInAppLinks = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as HTMLElement).closest('a');
    const href = link?.getAttribute('href') ?? '';
    if (href.startsWith('/') && !href.startsWith('//')) {
      event.preventDefault();
      void navigate(href);
    }
  };
  return (
    <div
      className={styles.html}
      // Marks text the server wrote, which may be in another language than the app (tests).
      data-server-html=""
      onClick={followInAppLinks}
      dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }}
    />
  );
}
