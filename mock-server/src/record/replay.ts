/**
 * `SCENARIO=recorded:<name>`: serves a recorded fixture set offline. A call is answered with
 * the recorded reply whose endpoint matches and whose request fields and caller match best:
 * the same fields and the same caller first, then the same fields, then the same caller with
 * the most fields in common, then any recording of the endpoint. Calls recorded more than once
 * with the same request are answered in the order they were recorded (a user before and after
 * a change), the last again once they run out.
 */
import type { Recording, RecordedCall } from '@bourse/fixtures/recorded';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** JSON with object keys sorted, so field order never decides a match. */
const canonical = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isRecord(value)) {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
      .join(',')}}`;
  }
  return value === undefined ? 'null' : JSON.stringify(value);
};

export interface Replay {
  /** the recording's name */
  readonly name: string;
  /** whether the set holds a call of this endpoint */
  has(path: string): boolean;
  /** the recorded reply for a call, or null when the set holds none for its endpoint */
  take(
    path: string,
    caller: string,
    request: Readonly<Record<string, unknown>>,
    /** only recordings of guests' calls (a guest on a user call: else the session check answers) */
    guestsOnly?: boolean,
  ): RecordedCall['reply'] | null;
}

export function createReplay(recording: Recording): Replay {
  const byPath = new Map<string, RecordedCall[]>();
  for (const call of recording.calls) {
    byPath.set(call.path, [...(byPath.get(call.path) ?? []), call]);
  }
  const served = new Map<string, number>();

  return {
    name: recording.name,
    has: (path) => byPath.has(path),
    take: (path, caller, request, guestsOnly = false) => {
      const candidates = byPath.get(path)?.filter((call) => !guestsOnly || call.caller === 'guest');
      if (candidates === undefined || candidates.length === 0) return null;
      const wanted = canonical(request);
      const fields = Object.keys(request);
      const score = (call: RecordedCall): number => {
        const sameFields = canonical(call.request) === wanted ? 4 : 0;
        const sameCaller = call.caller === caller ? 2 : 0;
        const keys = new Set([...fields, ...Object.keys(call.request)]);
        const common = [...keys].filter(
          (key) => canonical(call.request[key]) === canonical(request[key]),
        ).length;
        return sameFields + sameCaller + (keys.size === 0 ? 1 : common / keys.size);
      };
      const scored = candidates.map((call) => ({ call, score: score(call) }));
      const best = Math.max(...scored.map((one) => one.score));
      const group = scored.filter((one) => one.score === best).map((one) => one.call);
      const key = `${path} ${caller} ${wanted}`;
      const index = served.get(key) ?? 0;
      served.set(key, index + 1);
      return (group[Math.min(index, group.length - 1)] ?? candidates[0])?.reply ?? null;
    },
  };
}
