import { useAssetUrl } from '#shared/config';
import { useState } from 'react';
import styles from './logo-mark.module.css';

export interface LogoMarkProps {
  /** an absolute URL or a path on the API host; '' shows the letter */
  src: string;
  /** the name whose first letter stands in when there is no picture or it fails to load */
  name: string;
  /** px */
  size: number;
}

/**
 * A symbol's or a company's logo, or the first letter of its name on a tinted disc when there is
 * none or it fails to load. Decorative: the name is always written beside it.
 */
export function LogoMark({ src, name, size }: LogoMarkProps) {
  const url = useAssetUrl(src);
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = url !== '' && failed !== url;
  return (
    <span className={styles.mark} style={{ width: size, height: size }} aria-hidden="true">
      {showImage ? (
        <img
          className={styles.image}
          src={url}
          alt=""
          width={size}
          height={size}
          loading="lazy"
          decoding="async"
          onError={() => {
            setFailed(url);
          }}
        />
      ) : (
        <span className={styles.letter} style={{ fontSize: Math.round(size * 0.44) }}>
          {name.trim().charAt(0).toUpperCase()}
        </span>
      )}
    </span>
  );
}
