import { useAssetUrl } from '#shared/config';
import { useState } from 'react';
import styles from './ipo.module.css';

/**
 * The company's logo, or the ticker's first letter on a tinted disc when there is none or it
 * fails to load. Decorative: the name and ticker are always written beside it.
 */
export function IpoIcon({
  icon,
  symbol,
  size = 40,
}: {
  icon: string;
  symbol: string;
  size?: number;
}) {
  const src = useAssetUrl(icon);
  const [failedIcon, setFailedIcon] = useState<string | null>(null);
  const showImage = icon !== '' && failedIcon !== icon;
  return (
    <span className={styles.icon} style={{ width: size, height: size }} aria-hidden="true">
      {showImage ? (
        <img
          className={styles.iconImage}
          src={src}
          alt=""
          width={size}
          height={size}
          loading="lazy"
          decoding="async"
          onError={() => {
            setFailedIcon(icon);
          }}
        />
      ) : (
        <span className={styles.iconLetter} style={{ fontSize: Math.round(size * 0.42) }}>
          {symbol.trim().charAt(0).toUpperCase()}
        </span>
      )}
    </span>
  );
}
