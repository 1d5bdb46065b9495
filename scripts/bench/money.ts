// `npm run bench:money`: money calls per second and their latency with durability on. The mock
// runs as `npm start` does, in its own process, over a fresh DATA_DIR (SQLite, WAL,
// synchronous=FULL: each call is on disk before its reply); clients here sign in as the
// verified trader and send transfers (each a ledger transaction, its request record and the
// state, in one SQLite transaction) with BENCH_IN_FLIGHT calls in flight, encrypted as
// the app sends them. Not a test: the figures depend on the machine's disk and cores.
//
// Environment: BENCH_PORT (default 18507; this part listens on BENCH_PORT + 12),
// BENCH_MONEY_CALLS (default 2000), BENCH_IN_FLIGHT (default 16).
import { endpoints } from '@bourse/protocol';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { accountOf } from '../qa/scenarios/accounts.ts';
import { WireClient } from '../qa/wire.ts';
import { startMock } from './server.ts';
import { ms, summarize } from './stats.ts';

const PORT = Number(process.env['BENCH_PORT'] ?? 18507) + 12;
const CALLS = Number(process.env['BENCH_MONEY_CALLS'] ?? 2000);
const CONCURRENCY = Number(process.env['BENCH_IN_FLIGHT'] ?? 16);
const trader = accountOf('verified-trader');

const dataDir = mkdtempSync(join(tmpdir(), 'bourse-bench-money-'));
const mock = await startMock({ port: PORT, webDir: null, marketTickMs: 0, dataDir });
try {
  const client = new WireClient(mock.origin);
  client.token = (
    await client.ok(endpoints.auth.login, { account: trader.email, password: trader.password })
  ).token;
  let next = 0;
  let refused = 0;
  const latencies: number[] = [];
  const lane = async () => {
    while (next < CALLS) {
      const n = next++;
      const started = performance.now();
      const reply = await client.call(endpoints.account.transfer, {
        from: n % 2 === 0 ? 'fund' : 'contract',
        to: n % 2 === 0 ? 'contract' : 'fund',
        amount: '0.01',
        request_id: `bench-money-${String(n).padStart(8, '0')}`,
      });
      latencies.push(performance.now() - started);
      if (reply.code !== 200) refused += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, lane));
  const seconds = (performance.now() - started) / 1000;
  const summary = summarize(latencies);
  console.log(
    [
      `money calls (transfers) with durability on: ${String(CALLS)} calls, ${String(CONCURRENCY)} in flight`,
      `  ${(CALLS / seconds).toFixed(0)} calls/s; latency median ${ms(summary.median)} ms, p95 ${ms(summary.p95)} ms, p99 ${ms(summary.p99)} ms, max ${ms(summary.max)} ms`,
      `  refused: ${String(refused)}`,
    ].join('\n'),
  );
  if (refused > 0) process.exitCode = 1;
} finally {
  await mock.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
