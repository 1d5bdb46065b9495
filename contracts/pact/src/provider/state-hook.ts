/**
 * For tests: a backend's state-change endpoint (Pact's stateChangeUrl convention), standing in
 * front of state handlers: `{ state, params, action }` in, the state set up, 200 out (500 when
 * the handler failed). `received` lists what it was asked, as `setup <state>`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StateHandlers } from './verification.ts';

export interface StateHook {
  readonly url: string;
  readonly received: readonly string[];
  close(): Promise<void>;
}

export async function startStateHook(handlers: StateHandlers): Promise<StateHook> {
  const received: string[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const { state, params, action } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        state: string;
        params: Record<string, string>;
        action: 'setup' | 'teardown';
      };
      received.push(`${action} ${state}`);
      const handler = handlers[state];
      const run = typeof handler === 'function' ? handler : handler?.[action];
      const done = action === 'setup' && run ? run(params) : Promise.resolve();
      done.then(
        () => response.writeHead(200).end('{}'),
        (error: unknown) => response.writeHead(500).end(String(error)),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/states`,
    received,
    close: () =>
      new Promise((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}
