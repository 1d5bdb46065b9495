import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { moveOf } from '../lib/numbers.ts';
import styles from './market.module.css';

/**
 * Flashes the element green or red for a moment when `value` (a decimal string) goes up or
 * down. It works on the element's `data-flash` attribute, so a price move costs no re-render;
 * the flash is a CSS animation that `prefers-reduced-motion` turns off. Give the element the
 * `flashClassName`.
 */
export function useFlash<T extends HTMLElement>(
  value: string | null | undefined,
): RefObject<T | null> {
  const ref = useRef<T>(null);
  const previous = useRef(value);
  const parity = useRef(0);
  useEffect(() => {
    const move = moveOf(previous.current, value);
    previous.current = value;
    const element = ref.current;
    if (move === 'flat' || element === null) return;
    parity.current = 1 - parity.current;
    element.dataset['flash'] = `${move}-${String(parity.current)}`;
  }, [value]);
  return ref;
}

/** The class an element flashed by `useFlash` needs. */
export const flashClassName = styles.flash ?? '';

/** Wraps content that should flash when `value` moves (a live price). */
export function FlashCell({
  value,
  className,
  children,
}: {
  value: string | null | undefined;
  className?: string;
  children: ReactNode;
}) {
  const ref = useFlash<HTMLSpanElement>(value);
  return (
    <span ref={ref} className={className ? `${flashClassName} ${className}` : flashClassName}>
      {children}
    </span>
  );
}
