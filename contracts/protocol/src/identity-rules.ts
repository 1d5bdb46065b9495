/**
 * The identity review's rules on a birth date, shared by the setAuthentication call's server
 * (the mock's engine), and the identity page, so that both refuse the same dates. Imported as
 * `@bourse/protocol/identity-rules`. The age is documented in docs/mock-server.md.
 */

/** The age, in whole years, from which a person may open a trading account. */
export const ADULT_AGE = 18;

/**
 * Why a birth date cannot be a user's, or null when it can:
 * - `malformed`: not a calendar date written YYYY-MM-DD;
 * - `future`: today or later (a birth date is in the past);
 * - `minor`: the person is not yet ADULT_AGE years old today.
 */
export type BirthDateProblem = 'malformed' | 'future' | 'minor';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date as YYYY-MM-DD, in UTC. */
const isoDay = (time: Date): string => time.toISOString().slice(0, 10);

/** What is wrong with `birthDate` on the day of `now` (in UTC), or null. */
export function birthDateProblem(birthDate: string, now: Date | number): BirthDateProblem | null {
  const parts = ISO_DATE.exec(birthDate);
  if (parts === null) return 'malformed';
  const [year, month, day] = parts.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1 || isoDay(date) !== birthDate) return 'malformed';
  const today = isoDay(new Date(now));
  if (birthDate >= today) return 'future';
  // Born on or before this day ADULT_AGE years ago (ISO dates compare as strings).
  const turnsAdult = `${String(year + ADULT_AGE).padStart(4, '0')}${birthDate.slice(4)}`;
  return turnsAdult > today ? 'minor' : null;
}
