import { EXAMPLE_ROUND, type DigitRound } from '@bourse/protocol';
import { describe, expect, it } from 'vitest';
import { phaseAt } from './phase.ts';

const ROUND: DigitRound = EXAMPLE_ROUND;

describe("the period's clock", () => {
  it('counts down to the close, then to the draw, then to the next opening', () => {
    expect(phaseAt(ROUND, ROUND.close_at - 1)).toEqual({ phase: 'betting', until: ROUND.close_at });
    expect(phaseAt(ROUND, ROUND.close_at)).toEqual({ phase: 'closing', until: ROUND.draw_at });
    expect(phaseAt(ROUND, ROUND.draw_at)).toEqual({ phase: 'drawn', until: ROUND.next_open_at });
  });

  it('takes the server’s word when it is further on than the clock', () => {
    expect(phaseAt({ ...ROUND, phase: 'closing' }, ROUND.opened_at).phase).toBe('closing');
  });
});
