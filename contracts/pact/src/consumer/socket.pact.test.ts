/**
 * The live feed's private `Notice` push, as a V4 asynchronous message in the same pact: the
 * frame a bound socket receives when the platform sends the user a notice (PROTOCOL.md §3).
 *
 * The web has no socket module yet, so the consumer here is the protocol's own frame reading
 * (`parseServerFrame`, then `pushMessage` for the payload), which is what that module will call.
 * When web/src/shared/socket lands, point `readPush` at its frame handler.
 */
import { SCENARIOS } from '@bourse/fixtures';
import { FUNC, parseServerFrame, pushMessage, type PushOf } from '@bourse/protocol';
import { describe, expect, it } from 'vitest';
import { NOTICE_PUSH, PACT_TOKEN } from '../pact.ts';
import { state } from '../states.ts';
import { id, millis, text } from './matchers.ts';
import { newPact } from './support.ts';

const pact = newPact();
const fresh = SCENARIOS['fresh-user'].users[0]!;
/** private pushes flow only to a socket bound with a live session */
const signedIn = state('a signed-in user', {
  email: fresh.email,
  password: fresh.password,
  token: PACT_TOKEN,
});

/** What the client does with a text frame off the socket; throws where it would drop it. */
function readPush(frameText: string): PushOf<'Notice'> {
  const read = parseServerFrame(frameText);
  if (!read.ok) throw new Error(`the frame does not parse: ${read.error}`);
  if (read.frame.cmd !== 'data') throw new Error(`not a push: ${read.frame.cmd}`);
  const push = pushMessage.parse(read.frame.msg);
  if (push.func !== FUNC.notice) throw new Error(`not a Notice push: ${push.func}`);
  return push;
}

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
        const push = readPush(JSON.stringify(message.contents.content));
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
