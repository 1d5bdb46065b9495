import { useEffect, useRef, useState } from 'react';

const SECOND = 1000;

/**
 * The milliseconds left until `target` (never below 0), ticking every second; null without a
 * target. `onElapsed` runs once when a target is reached.
 */
export function useCountdown(target: number | null, onElapsed: () => void): number | null {
  const [now, setNow] = useState(Date.now);
  const elapsedFor = useRef<number | null>(null);
  const remaining = target === null ? null : Math.max(0, target - now);

  useEffect(() => {
    if (target === null) return undefined;
    setNow(Date.now());
    const timer = setInterval(() => {
      setNow(Date.now());
    }, SECOND);
    return () => {
      clearInterval(timer);
    };
  }, [target]);

  useEffect(() => {
    if (target === null || remaining !== 0 || elapsedFor.current === target) return;
    elapsedFor.current = target;
    onElapsed();
  }, [target, remaining, onElapsed]);

  return remaining;
}

/** Days, hours, minutes and seconds of a duration, the last three two digits each. */
export function countdownParts(ms: number) {
  const seconds = Math.floor(ms / SECOND);
  const pad = (value: number) => String(value).padStart(2, '0');
  return {
    days: String(Math.floor(seconds / 86_400)),
    hours: pad(Math.floor((seconds % 86_400) / 3600)),
    minutes: pad(Math.floor((seconds % 3600) / 60)),
    seconds: pad(seconds % 60),
  };
}
