// Accounts the scenarios sign in as: the fixtures' scenario users, never a copy of them.
import { SCENARIOS, type ScenarioName } from '@bourse/fixtures';

/** The first user of a fixture scenario, with its password. */
export function accountOf(scenario: ScenarioName): { email: string; password: string } {
  const user = SCENARIOS[scenario].users[0];
  if (!user) throw new Error(`the ${scenario} scenario has no user`);
  return { email: user.email, password: user.password };
}

/** A password the scenarios give the accounts they create. */
export const NEW_PASSWORD = 'QaScenario2026';
