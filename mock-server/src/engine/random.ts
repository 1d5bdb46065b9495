import { randomBytes, randomInt } from 'node:crypto';

/**
 * Randomness the exchange simulation may replay comes from a seeded generator (mulberry32);
 * secrets (session tokens, e-mail codes) always come from the operating system.
 */
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** a float in [0, 1) */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** an integer in [0, max) */
  int(max: number): number {
    return Math.floor(this.next() * max);
  }

  /** Starts the sequence over from a seed. */
  reseed(seed: number): void {
    this.state = seed >>> 0;
  }
}

/** A session token: 128 random bits as 32 lowercase hex characters. */
export const newSessionToken = (): string => randomBytes(16).toString('hex');

/** A 6-digit e-mail code. */
export const newEmailCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');
