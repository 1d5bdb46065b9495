// What a QA scenario is: a small typed module with a name, one line of what it reaches, its
// set-up through the control client and its actions and checks through a signed wire client.
import { endpoints } from '@bourse/protocol';
import type { ControlClient } from '@bourse/mock-server/control-client';
import type { Feed, WireClient } from './wire.ts';

export interface ScenarioContext {
  readonly control: ControlClient;
  /** the mock's origin, http://host:port */
  readonly origin: string;
  /** A new client of the real wire (its own install id; a guest until it signs in). */
  readonly client: () => WireClient;
  /** Opens the live feed of `client`, closed when the scenario ends. */
  readonly feed: (client: WireClient) => Promise<Feed>;
  /** Runs one step, printed as it starts and ends. */
  readonly step: <T>(title: string, run: () => Promise<T>) => Promise<T>;
}

/** The account a scenario leaves in the state it reached (`qa open` signs in as it). */
export interface Reached {
  readonly email: string;
}

export interface Scenario {
  /** kebab-case, unique: `qa run <name>` */
  readonly name: string;
  /** one line: the state it reaches */
  readonly summary: string;
  /** Puts the mock into the scenario's starting state through the control API only. */
  readonly setUp: (context: ScenarioContext) => Promise<void>;
  /** Acts as a client and checks what a client sees; answers the account it ends on. */
  readonly run: (context: ScenarioContext) => Promise<Reached>;
}

export const defineScenario = (scenario: Scenario): Scenario => scenario;

/** A check a scenario makes failed. */
export class CheckFailed extends Error {
  override readonly name = 'CheckFailed';
}

/** Fails with `message` unless `condition` holds. */
export function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new CheckFailed(message);
}

/** Fails unless `actual` is `expected` (compared as JSON), saying what differed. */
export function checkEqual<T>(actual: T, expected: T, what: string): void {
  const [a, e] = [JSON.stringify(actual), JSON.stringify(expected)];
  if (a !== e) throw new CheckFailed(`${what}: expected ${e}, got ${a}`);
}

/** Signs `client` in over the wire and keeps its session token. */
export async function signIn(
  client: WireClient,
  account: { email: string; password: string },
): Promise<void> {
  const session = await client.ok(endpoints.auth.login, {
    account: account.email,
    password: account.password,
  });
  client.token = session.token;
}
