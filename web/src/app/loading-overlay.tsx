import Mask from 'antd-mobile/es/components/mask';
import SpinLoading from 'antd-mobile/es/components/spin-loading';
import { useTranslation } from 'react-i18next';

/**
 * The loading overlay over the whole app. Its own chunk: the mask and spinner animate with
 * react-spring, which the first screen does not need to draw.
 */
export function LoadingOverlay({ visible }: { visible: boolean }) {
  const { t } = useTranslation();
  return (
    <Mask visible={visible} opacity="thin" destroyOnClose>
      <div
        role="status"
        aria-label={t('common.loading')}
        style={{ display: 'grid', placeItems: 'center', height: '100%' }}
      >
        <SpinLoading color="primary" />
      </div>
    </Mask>
  );
}
