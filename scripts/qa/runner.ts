// Runs scenarios against a mock and reports each step as it happens, as events a reporter
// prints (text for people, JSON lines for machines).
import { ControlClient } from '@bourse/mock-server/control-client';
import type { Reached, Scenario, ScenarioContext } from './scenario.ts';
import { WireClient, type Feed } from './wire.ts';

export type QaEvent =
  | { type: 'scenario'; name: string; summary: string }
  | { type: 'step'; scenario: string; title: string; ok: boolean; ms: number; error?: string }
  | { type: 'result'; scenario: string; ok: boolean; ms: number; error?: string }
  | { type: 'summary'; passed: number; failed: number };

export interface ScenarioResult {
  readonly name: string;
  readonly ok: boolean;
  readonly reached?: Reached;
  readonly error?: string;
}

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/** Runs one scenario (set-up, then its actions and checks) against the mock at `origin`. */
export async function runScenario(
  scenario: Scenario,
  origin: string,
  emit: (event: QaEvent) => void,
): Promise<ScenarioResult> {
  const control = new ControlClient(origin);
  const feeds: Feed[] = [];
  const context: ScenarioContext = {
    control,
    origin,
    client: () => new WireClient(origin),
    feed: async (client) => {
      const feed = await client.feed();
      feeds.push(feed);
      return feed;
    },
    step: async (title, run) => {
      const started = performance.now();
      try {
        const value = await run();
        emit({ type: 'step', scenario: scenario.name, title, ok: true, ms: since(started) });
        return value;
      } catch (error) {
        const failed = { ok: false, ms: since(started), error: messageOf(error) };
        emit({ type: 'step', scenario: scenario.name, title, ...failed });
        throw new StepFailed(messageOf(error), { cause: error });
      }
    },
  };
  emit({ type: 'scenario', name: scenario.name, summary: scenario.summary });
  const started = performance.now();
  try {
    await scenario.setUp(context);
    const reached = await scenario.run(context);
    emit({ type: 'result', scenario: scenario.name, ok: true, ms: since(started) });
    return { name: scenario.name, ok: true, reached };
  } catch (error) {
    const message = messageOf(error);
    // a failure outside any step has not been printed yet
    const outside = error instanceof StepFailed ? {} : { error: message };
    emit({ type: 'result', scenario: scenario.name, ok: false, ms: since(started), ...outside });
    return { name: scenario.name, ok: false, error: message };
  } finally {
    for (const feed of feeds) feed.close();
  }
}

/** Runs `scenarios` one after another and ends with the summary event. */
export async function runAll(
  scenarios: readonly Scenario[],
  origin: string,
  emit: (event: QaEvent) => void,
): Promise<ScenarioResult[]> {
  const results: ScenarioResult[] = [];
  for (const scenario of scenarios) results.push(await runScenario(scenario, origin, emit));
  const passed = results.filter((result) => result.ok).length;
  emit({ type: 'summary', passed, failed: results.length - passed });
  return results;
}

class StepFailed extends Error {}

const since = (started: number): number => Math.round(performance.now() - started);
