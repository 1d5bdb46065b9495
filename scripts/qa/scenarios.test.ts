// Every registered QA scenario, against one mock in this process: a scenario that stops reaching
// its state fails `npm test`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from './mock.ts';
import { runScenario, type QaEvent } from './runner.ts';
import { SCENARIOS } from './scenarios/index.ts';

let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock();
});
afterAll(async () => {
  await mock.close();
});

describe('QA scenarios', () => {
  it('are registered once each, with a kebab-case name and a one-line summary', () => {
    const names = SCENARIOS.map((scenario) => scenario.name);
    expect(new Set(names).size).toBe(names.length);
    for (const scenario of SCENARIOS) {
      expect(scenario.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(scenario.summary).not.toMatch(/\n/);
    }
  });

  it.each(SCENARIOS.map((scenario) => [scenario.name, scenario] as const))(
    '%s reaches its state',
    async (_name, scenario) => {
      const events: QaEvent[] = [];
      const result = await runScenario(scenario, mock.origin, (event) => events.push(event));
      const failed = events.filter((event) => event.type === 'step' && !event.ok);
      expect(failed, JSON.stringify(failed)).toEqual([]);
      expect(result.error).toBeUndefined();
      expect(result.ok).toBe(true);
      // a scenario acts and checks in steps a tester sees
      expect(events.filter((event) => event.type === 'step').length).toBeGreaterThanOrEqual(3);
      expect(result.reached?.email).toMatch(/@/);
    },
  );
});
