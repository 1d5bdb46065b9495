import { balancesOf, SCENARIO_NAMES, SCENARIOS, type ScenarioName } from '@bourse/fixtures';
import type { ScenarioSpec } from './engine/exchange.ts';

export const scenarioNames: readonly string[] = SCENARIO_NAMES;

const isScenarioName = (name: string): name is ScenarioName => scenarioNames.includes(name);

/** Turns a fixture scenario into what the engine builds; users in order, so invites resolve. */
export function scenarioSpec(name: string): ScenarioSpec {
  if (!isScenarioName(name)) {
    throw new Error(`unknown scenario "${name}" (known: ${scenarioNames.join(', ')})`);
  }
  const scenario = SCENARIOS[name];
  return {
    name,
    users: scenario.users.map((user) => ({
      email: user.email,
      password: user.password,
      area_code: user.area_code,
      phone: user.phone,
      nickname: user.nickname,
      invite_code: user.invite_code,
      invited_by_code: user.invited_by ?? null,
      identity_status: user.identity_status,
      account_mode: user.account_mode,
      balances: balancesOf(user),
    })),
  };
}
