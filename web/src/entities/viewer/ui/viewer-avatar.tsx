import { useAssetUrl } from '#shared/config';
import { useState, type CSSProperties } from 'react';
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

/**
 * The user's picture, or the first letter of the nickname when there is none (or it fails). A
 * plain image in a round frame: it sits in the header of every main screen, so it brings no image
 * component (antd's Avatar and Image came with a lazy loader and an IntersectionObserver hook).
 */
export function ViewerAvatar({ src, nickname, size = 48 }: ViewerAvatarProps) {
  const { t } = useTranslation();
  const image = useAssetUrl(src);
  // The address that failed to load: a new address is tried again.
  const [failed, setFailed] = useState<string | null>(null);
  const frame: CSSProperties = { width: size, height: size };
  return (
    <span className={styles.avatar} style={frame}>
      {image !== '' && failed !== image ? (
        <img
          className={styles.image}
          src={image}
          alt={t('viewer.avatarOf', { name: nickname })}
          width={size}
          height={size}
          decoding="async"
          onError={() => {
            setFailed(image);
          }}
        />
      ) : (
        <span
          className={styles.letter}
          style={{ fontSize: Math.round(size * 0.42) }}
          aria-hidden="true"
        >
          {initialOf(nickname)}
        </span>
      )}
    </span>
  );
}
