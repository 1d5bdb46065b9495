/**
 * The live feed's private `Notice` push, as a V4 asynchronous message in the same pact: the
 * frame a bound socket receives when the platform sends the user a notice (PROTOCOL.md §3).
 * The frame is read by the web's own socket frame reader (`readPush` in support.ts).
 */
import { SCENARIOS } from '@bourse/fixtures';
import { FUNC } from '@bourse/protocol';
import { describe, expect, it } from 'vitest';
import { NOTICE_PUSH, PACT_TOKEN } from '../pact.ts';
import { state } from '../states.ts';
import { id, millis, text } from './matchers.ts';
import { newPact, readPush } from './support.ts';

const pact = newPact();
const fresh = SCENARIOS['fresh-user'].users[0]!;
/** private pushes flow only to a socket bound with a live session */
const signedIn = state('a signed-in user', {
  email: fresh.email,
  password: fresh.password,
  token: PACT_TOKEN,
});

describe('socket', () => {
  it('reads a Notice push', () =>
    pact
      .addAsynchronousInteraction()
      .given(signedIn.name, signedIn.params)
      .expectsToReceive(NOTICE_PUSH, (message) => {
        message.withJSONContent({
          cmd: 'data',
          msg: {
            func: FUNC.notice,
            // a private push's topic is its func (the protocol's assumption)
            topic: FUNC.notice,
            data: {
              id: id('101'),
              title: text('Scheduled maintenance this Sunday'),
              summary: text('Trading pauses on Sunday 02:00–03:00 UTC.'),
              created_at: millis(),
            },
          },
        });
      })
      .executeTest((message) => {
        const push = readPush(JSON.stringify(message.contents.content), 'Notice');
        expect(push.topic).toBe('Notice');
        expect(push.data).toEqual({
          id: '101',
          title: 'Scheduled maintenance this Sunday',
          summary: 'Trading pauses on Sunday 02:00–03:00 UTC.',
          created_at: 1_763_900_000_000,
        });
        return Promise.resolve();
      }));
});
