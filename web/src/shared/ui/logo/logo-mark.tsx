import { useAssetUrl } from '#shared/config';
import { initialOf } from '#shared/lib';
import { useState } from 'react';
import styles from './logo-mark.module.css';

export interface LogoMarkProps {
  /** an absolute URL, a data URL or a path on the API host; '' shows the letter */
  src: string;
  /** the name whose first character stands in when there is no picture or it fails to load */
  name: string;
  /** px */
  size: number;
  /**
   * What the picture shows, for a picture that says something the text beside it does not (a
   * user's avatar). Without it the mark is decorative: the name is written beside it.
   */
  label?: string;
}

/**
 * A logo or an avatar: the picture in a round frame, or the first character of the name on a
 * tinted disc when there is none or it fails to load (a new address is tried again). A plain
 * image: it sits in every list row and header, so it brings no image component (antd's Avatar and
 * Image came with a lazy loader and an IntersectionObserver hook).
 */
export function LogoMark({ src, name, size, label }: LogoMarkProps) {
  const url = useAssetUrl(src);
  // The address that failed to load.
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = url !== '' && failed !== url;
  return (
    <span
      className={styles.mark}
      style={{ width: size, height: size }}
      aria-hidden={label === undefined ? true : undefined}
    >
      {showImage ? (
        <img
          className={styles.image}
          src={url}
          alt={label ?? ''}
          width={size}
          height={size}
          loading="lazy"
          decoding="async"
          onError={() => {
            setFailed(url);
          }}
        />
      ) : (
        <span
          className={styles.letter}
          style={{ fontSize: Math.round(size * 0.44) }}
          aria-hidden="true"
        >
          {initialOf(name)}
        </span>
      )}
    </span>
  );
}
