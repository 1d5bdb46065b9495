import { useState } from 'react';
import styles from './market.module.css';

export interface SymbolIconProps {
  /** an absolute URL or a path on the API host; '' shows the lettered fallback */
  icon: string;
  /** the symbol's display name, e.g. BTC/USDT: its first letter is the fallback */
  display: string;
  /** px; 32 by default */
  size?: number;
}

/**
 * A symbol's icon, or its first letter on a tinted disc when there is no icon or it fails to
 * load. Decorative: the symbol's name is always written beside it.
 */
export function SymbolIcon({ icon, display, size = 32 }: SymbolIconProps) {
  const [failedIcon, setFailedIcon] = useState<string | null>(null);
  const showImage = icon !== '' && failedIcon !== icon;
  return (
    <span className={styles.icon} style={{ width: size, height: size }} aria-hidden="true">
      {showImage ? (
        <img
          className={styles.iconImage}
          src={icon}
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
        <span className={styles.iconLetter} style={{ fontSize: Math.round(size * 0.45) }}>
          {display.trim().charAt(0).toUpperCase()}
        </span>
      )}
    </span>
  );
}
