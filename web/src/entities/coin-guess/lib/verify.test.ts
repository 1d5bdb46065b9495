import { createHash, createHmac } from 'node:crypto';
import { drawDigits, digitSum } from '@bourse/formulas/digits';
import { describe, expect, it } from 'vitest';
import { verifyDraw } from './verify.ts';

const seed = '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef';
const issue = '20251123-0733';
const digits = drawDigits(issue, (message) =>
  createHmac('sha256', Buffer.from(seed, 'hex')).update(message).digest(),
);
const draw = {
  issue,
  digits,
  number: digitSum(digits),
  drawn_at: 1,
  commitment: createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex'),
  seed,
};

describe('a draw checked in the browser', () => {
  it('matches what node:crypto derives, commitment and digits', async () => {
    const check = await verifyDraw(draw);
    expect(check).toMatchObject({ commitmentMatches: true, digitsMatch: true, digits });
    expect(check.commitment).toBe(draw.commitment);
  });

  it('says so when the published digits are not the seed’s', async () => {
    const other = (digits[0] ?? 0) === 9 ? 8 : (digits[0] ?? 0) + 1;
    const forged = { ...draw, digits: [other, digits[1] ?? 0, digits[2] ?? 0] };
    const check = await verifyDraw(forged);
    expect(check).toMatchObject({ commitmentMatches: true, digitsMatch: false });
  });

  it('says so when the seed is not the one committed to', async () => {
    const check = await verifyDraw({ ...draw, commitment: 'f'.repeat(64) });
    expect(check.commitmentMatches).toBe(false);
  });
});
