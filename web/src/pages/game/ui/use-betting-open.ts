import { $serverOffset } from '#entities/option';
import { useUnit } from 'effector-react';
import { useEffect, useState } from 'react';
import { phaseAt } from '../model/phase.ts';
import { $round } from '../model/round.ts';

/**
 * Whether the period takes bets now, by the server's clock. Unlike the countdown, which draws
 * twice a second, this changes once a period: a timer set for the close (and a check when the
 * page shows again) flips it, so the board and the bar re-render only then.
 */
export function useBettingOpen(): boolean {
  const [round, offset] = useUnit([$round, $serverOffset]);
  const isOpen = () => round !== null && phaseAt(round, Date.now() + offset).phase === 'betting';
  const [open, setOpen] = useState(isOpen);
  useEffect(() => {
    const check = () => {
      setOpen(isOpen());
    };
    check();
    if (round === null) return undefined;
    const left = round.close_at - (Date.now() + offset);
    const timer = left > 0 ? setTimeout(check, left + 20) : undefined;
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
    // isOpen reads round and offset, the dependencies
  }, [round, offset]);
  return open;
}
