import { describe, expect, it } from 'vitest';
import { endpoints } from './endpoints/catalogue.ts';
import { txHashProblem } from './tx-hash-shape.ts';

const TRON_TX = 'ab'.repeat(32);
const ETH_TX = `0x${'cd'.repeat(32)}`;

describe('USDT transaction hashes, per network', () => {
  it('accepts a Tron id of 64 hex digits and an Ethereum hash of 0x and 64, spaces ignored', () => {
    expect(txHashProblem('TRC20', TRON_TX)).toBeNull();
    expect(txHashProblem('TRC20', ` ${TRON_TX.toUpperCase()}\n`)).toBeNull();
    expect(txHashProblem('ERC20', ETH_TX)).toBeNull();
  });

  it('names a hash of the other network as such, and any other text as no hash', () => {
    expect(txHashProblem('TRC20', ETH_TX)).toBe('wrong_network');
    expect(txHashProblem('ERC20', TRON_TX)).toBe('wrong_network');
    expect(txHashProblem('TRC20', 'paid yesterday')).toBe('malformed');
    expect(txHashProblem('TRC20', 'ab'.repeat(31))).toBe('malformed');
    expect(txHashProblem('ERC20', `0x${'g'.repeat(64)}`)).toBe('malformed');
    expect(txHashProblem('ERC20', '  ')).toBe('required');
  });
});

describe('the addRech schema checks the hash of a USDT deposit', () => {
  const body = (network: 'TRC20' | 'ERC20', tx_hash: string) => ({
    request_id: '0f8e2d1c-6b5a-4e3f-9a8b-7c6d5e4f3a2b',
    method: 'usdt',
    amount: '100',
    network,
    tx_hash,
  });
  const issues = (input: unknown) =>
    endpoints.account.addRech.request.safeParse(input).error?.issues.map((issue) => ({
      path: issue.path.join('.'),
      message: issue.message,
    }));

  it('accepts a hash of its network', () => {
    expect(issues(body('TRC20', TRON_TX))).toBeUndefined();
    expect(issues(body('ERC20', ETH_TX))).toBeUndefined();
  });

  it('refuses any other text, naming the field', () => {
    expect(issues(body('TRC20', 'hello'))).toEqual([
      { path: 'tx_hash', message: 'This is not a transaction hash of the selected network' },
    ]);
    expect(issues(body('ERC20', TRON_TX))).toEqual([
      { path: 'tx_hash', message: 'This transaction hash belongs to the other network' },
    ]);
  });

  it('leaves an empty hash and a bank deposit to the engine, a long hash to its bound', () => {
    expect(issues(body('TRC20', ''))).toBeUndefined();
    expect(issues({ ...body('TRC20', 'x'), method: 'bank', network: undefined })).toBeUndefined();
    expect(issues(body('TRC20', 'ab'.repeat(65)))?.[0]).toEqual({
      path: 'tx_hash',
      message: 'must be at most 128 characters',
    });
  });
});
