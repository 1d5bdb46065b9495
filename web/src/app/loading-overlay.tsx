import DotLoading from 'antd-mobile/es/components/dot-loading';
import { useTranslation } from 'react-i18next';
import styles from './loading-overlay.module.css';

/**
 * The loading overlay over the whole app. A plain layer and antd-mobile's CSS-animated dots rather
 * than its Mask and SpinLoading: those animate with react-spring, which would be one more
 * download before the first call could show that it is under way (and none when offline).
 */
export function LoadingOverlay({ visible }: { visible: boolean }) {
  const { t } = useTranslation();
  if (!visible) return null;
  return (
    <div className={styles.overlay} role="status" aria-label={t('common.loading')}>
      <span className={styles.spinner}>
        <DotLoading color="white" />
      </span>
    </div>
  );
}
