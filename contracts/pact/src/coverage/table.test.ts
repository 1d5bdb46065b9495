import { endpoints } from '@bourse/protocol';
import { describe, expect, it } from 'vitest';
import { coverageOf, formatCoverage, parsePactFile, pushSitesIn } from './table.ts';

const { market } = endpoints;

const http = (path: string, code: number, description = `${path} ${code}`) => ({
  type: 'Synchronous/HTTP',
  description,
  request: { method: 'POST', path },
  response: { status: 200, body: { content: { code, msg: '', data: null } } },
});
const message = (func: string) => ({
  type: 'Asynchronous/Messages',
  description: `a ${func} push`,
  contents: { content: { cmd: 'data', msg: { func, topic: func, data: {} } } },
});

describe('contract coverage', () => {
  it('lists each served call and push with the interactions that cover it', () => {
    const pact = parsePactFile({
      interactions: [
        http(market.getSymbol.path, 200),
        http(market.getSymbol.path, 404),
        message('Data24h'),
        http('/api/gone', 200),
      ],
    });
    const coverage = coverageOf([market.getSymbol, market.getLogData], ['Data24h', 'Kline'], pact);
    expect(coverage.rows.map((row) => [row.name, row.interactions.length, row.codes])).toEqual([
      [market.getSymbol.path, 2, [200, 404]],
      [market.getLogData.path, 0, []],
      ['Data24h', 1, []],
      ['Kline', 0, []],
    ]);
    expect(coverage.unmatched).toEqual(['/api/gone 200']);
    expect(coverage.percent).toBe(50);
    expect(formatCoverage(coverage)).toMatch(/✗ call \/api\/trades\/getLogData/);
  });

  it('is complete only when everything served has an interaction', () => {
    const pact = parsePactFile({ interactions: [http(market.getSymbol.path, 200)] });
    expect(coverageOf([market.getSymbol], [], pact).percent).toBe(100);
  });

  it('finds the funcs the mock sends through the gateway, and refuses to guess the rest', () => {
    const source = `
      gateway.publish(TOPIC.data24h, 'Data24h', tickers);
      app.gateway.pushToUser(user.id, FUNC.order, order);
      gateway.publish(topic, someFunc, data);
      gateway.count('Kline');
    `;
    expect(pushSitesIn('feed.ts', source).map((site) => [site.line, site.func])).toEqual([
      [2, 'Data24h'],
      [3, 'Order'],
      [4, null],
    ]);
  });
});
