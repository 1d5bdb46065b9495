/**
 * Waiting on a test socket for what the server did, never for time. The gateway answers `bind`,
 * `sub` and `unsub` with nothing when they succeed, so a test cannot see them land; but it handles
 * one socket's frames in order and sends one socket's frames in order. `handled` uses that: it
 * sends a frame the gateway always answers (a `sub` of a made-up topic gets an error frame naming
 * the topic) and resolves when that answer comes back, by which time every frame the socket sent
 * before it has been handled, and every frame the server had sent it before has arrived.
 */
import type { WebSocket } from 'ws';

/** How long the server may take to answer the barrier before the test says it never did. */
const BARRIER_TIMEOUT_MS = 10_000;

/** The made-up topics of the barriers: `isTopic` refuses them (no such prefix). */
const BARRIER_PREFIX = 'Barrier.';
let barriers = 0;

/** Whether a frame the server sent is the answer to a barrier (tests that log frames skip it). */
export const isBarrierReply = (frame: unknown): boolean => {
  const { cmd, msg } = (frame ?? {}) as { cmd?: unknown; msg?: unknown };
  return cmd === 'error' && typeof msg === 'string' && msg.includes(`topic ${BARRIER_PREFIX}`);
};

/**
 * Resolves once the server has handled every frame `socket` sent before this call and everything
 * it sent the socket until then has arrived; rejects, saying so, if no answer comes.
 */
export function handled(socket: WebSocket): Promise<void> {
  barriers += 1;
  const topic = `${BARRIER_PREFIX}${String(barriers)}`;
  return new Promise<void>((resolve, reject) => {
    const onMessage = (data: Buffer) => {
      const frame = JSON.parse(data.toString()) as { cmd?: unknown; msg?: unknown };
      if (frame.cmd !== 'error' || typeof frame.msg !== 'string') return;
      if (!frame.msg.endsWith(` ${topic}`)) return;
      clearTimeout(timer);
      socket.off('message', onMessage);
      resolve();
    };
    const timer = setTimeout(() => {
      socket.off('message', onMessage);
      reject(
        new Error(
          `the server did not answer the barrier frame (sub ${topic}) within ` +
            `${String(BARRIER_TIMEOUT_MS)} ms: the frames sent before it may not have been handled`,
        ),
      );
    }, BARRIER_TIMEOUT_MS);
    socket.on('message', onMessage);
    socket.send(JSON.stringify({ cmd: 'sub', msg: topic }));
  });
}
