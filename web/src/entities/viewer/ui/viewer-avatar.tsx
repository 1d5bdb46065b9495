import { useAssetUrl } from '#shared/config';
import Avatar from 'antd-mobile/es/components/avatar';
import { useTranslation } from 'react-i18next';
import { initialOf } from '../lib/mask.ts';
import styles from './viewer.module.css';

export interface ViewerAvatarProps {
  /** an absolute URL, a data URL or a path on the API host; '' shows the lettered fallback */
  src: string;
  nickname: string;
  /** px; 48 by default */
  size?: number;
}

/** The user's picture, or the first letter of the nickname when there is none (or it fails). */
export function ViewerAvatar({ src, nickname, size = 48 }: ViewerAvatarProps) {
  const { t } = useTranslation();
  const image = useAssetUrl(src);
  const fallback = (
    <span
      className={styles.letter}
      style={{ fontSize: Math.round(size * 0.42) }}
      aria-hidden="true"
    >
      {initialOf(nickname)}
    </span>
  );
  return (
    <Avatar
      src={image}
      fallback={fallback}
      alt={t('viewer.avatarOf', { name: nickname })}
      className={styles.avatar}
      style={{ '--size': `${size}px`, '--border-radius': '50%' }}
    />
  );
}
