import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { moveOf } from '../lib/numbers.ts';
import styles from './market.module.css';

const FLASH_MS = 700;

type Move = 'up' | 'down';

/** The pseudo-element that carries each direction's colour (see `.flash` in market.module.css). */
const FLASH_LAYER = { up: '::before', down: '::after' } as const satisfies Record<Move, string>;

let reducedMotion: MediaQueryList | null | undefined;
const motionReduced = () => {
  reducedMotion ??=
    typeof window.matchMedia === 'function'
      ? window.matchMedia('(prefers-reduced-motion: reduce)')
      : null;
  return reducedMotion?.matches ?? false;
};

/**
 * Flashes the element green or red for a moment when `value` (a decimal string) goes up or
 * down: the coloured pseudo-element of the direction fades out (an opacity animation, which
 * runs on the compositor). Each direction's animation is made once, with the Web Animations
 * API, and later moves rewind it: a live list restarts a dozen flashes on every tick, and a
 * rewind needs far less style work than starting a CSS animation again (which also repainted
 * the cell on every frame of the fade). `prefers-reduced-motion` turns flashing off. The
 * element's `data-flash` tells the last move (`up-0`, `down-1`…: the digit alternates with every
 * flash); no style reads it. Give the element the `flashClassName`.
 */
export function useFlash<T extends HTMLElement>(
  value: string | null | undefined,
): RefObject<T | null> {
  const ref = useRef<T>(null);
  const previous = useRef(value);
  const parity = useRef(0);
  const flashes = useRef<Partial<Record<Move, Animation>>>({});
  useEffect(() => {
    const move = moveOf(previous.current, value);
    previous.current = value;
    const element = ref.current;
    if (move === 'flat' || element === null) return;
    parity.current = 1 - parity.current;
    element.dataset['flash'] = `${move}-${String(parity.current)}`;
    // jsdom has no Web Animations API.
    if (typeof element.animate !== 'function' || motionReduced()) return;
    flashes.current[move === 'up' ? 'down' : 'up']?.cancel();
    const flash = flashes.current[move];
    if (flash === undefined) {
      flashes.current[move] = element.animate(
        { opacity: [1, 0] },
        { duration: FLASH_MS, easing: 'ease-out', pseudoElement: FLASH_LAYER[move] },
      );
    } else {
      flash.currentTime = 0;
      flash.play();
    }
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
