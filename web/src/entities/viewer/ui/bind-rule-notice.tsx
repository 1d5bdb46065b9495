import type { IdentityStatus } from '@bourse/protocol';
import { PATHS } from '#shared/routing';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import styles from './viewer.module.css';

/**
 * What stands between the user and binding a bank account or a wallet, said before the form:
 * verify first, or wait for the review under way (what is true), with the way to the
 * verification page. Nothing when the identity is verified.
 */
export function BindRuleNotice({
  status,
  target,
}: {
  status: IdentityStatus;
  target: 'bank' | 'usdt';
}) {
  const { t } = useTranslation();
  if (status === 'verified') return null;
  const state = status === 'pending' ? 'pending' : 'unverified';
  return (
    <section className={styles.bindRule} aria-labelledby={`bind-rule-${target}`}>
      <h2 id={`bind-rule-${target}`} className={styles.bindRuleTitle}>
        {t(`viewer.bindRule.${state}.title`)}
      </h2>
      <p className={styles.bindRuleText}>{t(`viewer.bindRule.${state}.${target}`)}</p>
      <Link to={PATHS.verified} className={styles.bindRuleLink}>
        {t(`viewer.bindRule.${state}.link`)}
      </Link>
    </section>
  );
}
