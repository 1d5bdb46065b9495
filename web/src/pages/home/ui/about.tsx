import { $symbols } from '#entities/market';
import { PATHS } from '#shared/routing';
import { useUnit } from 'effector-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Icon, type IconName } from './icons.tsx';
import { HomeSection } from './section.tsx';
import styles from './home-page.module.css';

const AI_POINTS = ['signals', 'risk', 'control'] as const;

/** What the AI-assisted strategy feature does, with the number of markets it follows. */
export function AiTrading() {
  const { t } = useTranslation();
  const symbols = useUnit($symbols);
  return (
    <section className={`${styles.section} ${styles.ai}`} aria-labelledby="home-ai">
      <div className={styles.aiHeader}>
        <span className={styles.aiBadge}>
          <Icon name="spark" size={16} />
          {t('home.ai.badge')}
        </span>
        <h2 id="home-ai" className={styles.sectionTitle}>
          {t('home.ai.title')}
        </h2>
      </div>
      {symbols.length > 0 ? (
        <p className={styles.aiHeadline}>{t('home.ai.headline', { count: symbols.length })}</p>
      ) : null}
      <p className={styles.aiBody}>{t('home.ai.body')}</p>
      <ul className={styles.aiPoints}>
        {AI_POINTS.map((point) => (
          <li key={point}>
            <Icon name="check" size={18} />
            {t(`home.ai.points.${point}`)}
          </li>
        ))}
      </ul>
      <Link to={PATHS.quotes} className={styles.aiAction}>
        {t('home.ai.action')}
      </Link>
      <p className={styles.disclaimer}>{t('home.ai.disclaimer')}</p>
    </section>
  );
}

const BENEFITS: readonly { key: 'markets' | 'live' | 'security' | 'support'; icon: IconName }[] = [
  { key: 'markets', icon: 'markets' },
  { key: 'live', icon: 'live' },
  { key: 'security', icon: 'security' },
  { key: 'support', icon: 'support' },
];

/** What the platform offers, as a grid of four. */
export function Benefits() {
  const { t } = useTranslation();
  return (
    <HomeSection id="home-benefits" title={t('home.benefits.title')}>
      <ul className={styles.benefits}>
        {BENEFITS.map(({ key, icon }) => (
          <li key={key} className={styles.benefit}>
            <span className={styles.benefitIcon}>
              <Icon name={icon} size={22} />
            </span>
            <span className={styles.benefitTitle}>{t(`home.benefits.${key}.title`)}</span>
            <span className={styles.benefitBody}>{t(`home.benefits.${key}.body`)}</span>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
