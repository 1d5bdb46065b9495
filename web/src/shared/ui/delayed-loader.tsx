import DotLoading from 'antd-mobile/es/components/dot-loading';
import { useEffect, useState } from 'react';

/** SPEC.md §2: the loader appears only when loading takes longer than 200 ms. */
export const LOADER_DELAY_MS = 200;

export function DelayedLoader({ label }: { label: string }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => {
      setVisible(true);
    }, LOADER_DELAY_MS);
    return () => {
      clearTimeout(timer);
    };
  }, []);
  if (!visible) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      style={{
        display: 'grid',
        placeItems: 'center',
        minHeight: '40dvh',
        color: 'var(--color-muted)',
      }}
    >
      <DotLoading color="primary" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
