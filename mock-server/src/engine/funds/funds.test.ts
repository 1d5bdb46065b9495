/**
 * The funds domain without HTTP: the demo top-up's refusal on the real account, the deposit
 * addresses it hands out, and a withdrawal's payout (approved → paid).
 */
import type { FundsPush } from '@bourse/protocol';
import { walletAddressProblem } from '@bourse/protocol/wallet-address';
import { describe, expect, it } from 'vitest';
import { EngineError } from '../errors.ts';
import { Exchange, type ExchangeOptions } from '../exchange.ts';
import type { PasswordHasher } from '../passwords.ts';
import { depositAddress } from './funds.ts';

/** Passwords kept as they are: these tests are about money, and scrypt would dominate. */
const plainHasher: PasswordHasher = {
  hash: (password) => Promise.resolve(password),
  verify: (password, stored) => Promise.resolve(password === stored),
};
const PASSWORD = 'Secret123';
const WALLET = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';

async function world(options: Partial<ExchangeOptions> = {}) {
  const exchange = new Exchange({
    seed: 7,
    hasher: plainHasher,
    depositAccountDelayMs: 0,
    ...options,
  });
  await exchange.loadScenario({
    name: 'funds',
    users: ['ann', 'bo'].map((name) => ({
      email: `${name}@example.com`,
      password: PASSWORD,
      identity_status: 'verified' as const,
      balances: { real: { fund: '1000' } },
    })),
  });
  exchange.clock.freeze();
  const [ann = '', bo = ''] = Object.keys(exchange.live().users);
  const pushes: FundsPush[] = [];
  exchange.funds.onEvent((event) => {
    if (event.type === 'funds') pushes.push(event.push);
  });
  return { exchange, ann, bo, pushes };
}

const refusal = (call: () => unknown): unknown => {
  try {
    call();
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
};

describe('the demo top-up', () => {
  it('is refused on the real account and moves nothing; the same intent succeeds on demo, once', async () => {
    const { exchange, ann } = await world();
    const body = { amount: '500', request_id: 'topup-intent-000001' };
    const before = exchange.ledger.transactions().length;
    expect(refusal(() => exchange.funds.demoTopUp(ann, body))).toMatchObject({
      kind: 'refused',
      key: 'demo_top_up_real',
    });
    expect(exchange.ledger.transactions()).toHaveLength(before);

    exchange.profile.setAccountMode(ann, 'demo');
    const topped = exchange.funds.demoTopUp(ann, body);
    expect(topped.balance.available).toBe('100500.00');
    // a retry arriving after a switch back to real replays the top-up, and moves nothing more
    exchange.profile.setAccountMode(ann, 'real');
    expect(exchange.funds.demoTopUp(ann, body)).toEqual(topped);
    expect(exchange.ledger.account(ann, 'demo', 'fund').available.toFixed()).toBe('100500');
    expect(exchange.ledger.account(ann, 'real', 'fund').available.toFixed()).toBe('1000');
  });
});

describe('deposit addresses', () => {
  it('are real checksummed addresses, the same on every call, one per user and network', async () => {
    const { exchange, ann, bo } = await world();
    const handedOut = (userId: string, network: 'TRC20' | 'ERC20') =>
      exchange.funds.depositAccount(userId, 'usdt', network).wallet?.address ?? '';
    // the first call asks for the account; with no delay the next one has it ready
    const addresses = [ann, bo].flatMap((userId) =>
      (['TRC20', 'ERC20'] as const).map((network) => {
        handedOut(userId, network);
        const address = handedOut(userId, network);
        expect(walletAddressProblem(network, address)).toBeNull();
        expect(handedOut(userId, network)).toBe(address);
        return address;
      }),
    );
    expect(new Set(addresses).size).toBe(4);
    const erc20 = handedOut(ann, 'ERC20');
    // mixed case: it carries its EIP-55 checksum, and one letter's case changed breaks it
    expect(erc20).not.toBe(erc20.toLowerCase());
    const index = erc20.slice(2).search(/[a-fA-F]/) + 2;
    const letter = erc20.charAt(index);
    const flipped =
      erc20.slice(0, index) +
      (letter === letter.toLowerCase() ? letter.toUpperCase() : letter.toLowerCase()) +
      erc20.slice(index + 1);
    expect(walletAddressProblem('ERC20', flipped)).toBe('checksum');
  });

  it('cover many users without a bad checksum or a repeat', () => {
    const seen = new Set<string>();
    for (let id = 100_001; id < 100_051; id += 1) {
      for (const network of ['TRC20', 'ERC20'] as const) {
        const address = depositAddress(String(id), network);
        expect(walletAddressProblem(network, address)).toBeNull();
        seen.add(address);
      }
    }
    expect(seen.size).toBe(100);
  });
});

describe('a withdrawal paid out', () => {
  const withdraw = async (exchange: Exchange, userId: string) => {
    exchange.payouts.bindWallet(userId, { network: 'TRC20', address: WALLET });
    return exchange.funds.addWithdrawal(userId, {
      request_id: 'withdraw-intent-0001',
      method: 'usdt',
      amount: '100',
      password: PASSWORD,
    });
  };

  it('becomes paid by hand once approved, with the time, a push, and no money moved', async () => {
    const { exchange, ann, pushes } = await world();
    const made = await withdraw(exchange, ann);
    expect(refusal(() => exchange.funds.payWithdrawal(made.id))).toMatchObject({
      key: 'withdrawal_not_payable',
    });
    exchange.funds.decideWithdrawal(made.id, true);
    const transactions = exchange.ledger.transactions().length;
    exchange.clock.advance(5000);
    const paid = exchange.funds.payWithdrawal(made.id);
    expect(paid).toMatchObject({ status: 'paid', paid_at: exchange.now() });
    expect(exchange.ledger.transactions()).toHaveLength(transactions);
    expect(pushes.at(-1)).toEqual({ kind: 'withdrawal', record: paid });
    expect(exchange.funds.withdrawals(ann, { page: 1, limit: 5 }).list[0]?.status).toBe('paid');
    expect(refusal(() => exchange.funds.payWithdrawal(made.id))).toBeInstanceOf(EngineError);
    expect(refusal(() => exchange.funds.payWithdrawal('999'))).toMatchObject({
      kind: 'not_found',
    });
  });

  it('is approved, then paid, each after the automatic review delay; a rejection is never paid', async () => {
    const { exchange, ann, bo } = await world({ autoReviewMs: 60_000 });
    await withdraw(exchange, ann);
    const rejected = await withdraw(exchange, bo);
    exchange.funds.decideWithdrawal(rejected.id, false, 'No');
    const status = (userId: string) =>
      exchange.funds.withdrawals(userId, { page: 1, limit: 1 }).list[0];
    exchange.clock.advance(60_000);
    exchange.funds.tick();
    expect(status(ann)).toMatchObject({ status: 'approved', paid_at: null });
    exchange.clock.advance(60_000);
    exchange.funds.tick();
    expect(status(ann)).toMatchObject({ status: 'paid', paid_at: exchange.now() });
    expect(status(bo)?.status).toBe('rejected');
    exchange.ledger.check();
  });
});

describe('bank deposit proof images', () => {
  // a real 1×1 PNG, and the first bytes of a JPEG and a WebP
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]);
  const WEBP = Buffer.from('RIFF\x1a\x00\x00\x00WEBPVP8L', 'latin1');
  const dataUrl = (type: string, bytes: Buffer) =>
    `data:${type};base64,${bytes.toString('base64')}`;

  const bankDeposit = async () => {
    const setup = await world();
    setup.exchange.funds.readyDepositAccount(setup.ann, 'bank');
    const declare = (image: string, id = 'bank-proof-intent-01') =>
      setup.exchange.funds.addDeposit(setup.ann, {
        request_id: id,
        method: 'bank',
        amount: '100',
        currency: 'USD',
        tx_hash: '',
        proof_image: image,
        remark: '',
      });
    return { ...setup, declare };
  };

  it('keeps the image under an unguessable path and gives back its bytes and type', async () => {
    const { exchange, declare } = await bankDeposit();
    const first = declare(dataUrl('image/png', PNG));
    const second = declare(dataUrl('image/jpeg', JPEG), 'bank-proof-intent-02');
    const third = declare(dataUrl('image/webp', WEBP), 'bank-proof-intent-03');
    expect(first.proof_image).toMatch(/^\/uploads\/deposits\/[A-Za-z0-9_-]{24}\.png$/);
    expect(second.proof_image).toMatch(/\.jpg$/);
    expect(third.proof_image).toMatch(/\.webp$/);
    // not the deposit's number: nothing to count through
    expect(first.proof_image).not.toContain(`/${first.id}.`);
    const file = first.proof_image.split('/').at(-1) ?? '';
    const kept = exchange.funds.depositProof(file);
    expect(kept?.contentType).toBe('image/png');
    expect(Buffer.from(kept?.bytes ?? []).equals(PNG)).toBe(true);
    expect(exchange.funds.depositProof(file.replace('.png', '.jpg'))).toBeNull();
    expect(exchange.funds.depositProof('AAAAAAAAAAAAAAAAAAAAAAAA.png')).toBeNull();
    // a repeat of the same intent replays the deposit and keeps no second image
    const uploads = Object.keys(exchange.live().uploads).length;
    expect(declare(dataUrl('image/png', PNG))).toEqual(first);
    expect(Object.keys(exchange.live().uploads)).toHaveLength(uploads);
  });

  it('refuses an image that is not the JPEG, PNG or WebP it says, or too large, and keeps nothing', async () => {
    const { exchange, declare } = await bankDeposit();
    const refusals = [
      dataUrl('image/jpeg', PNG),
      dataUrl('image/png', Buffer.from('GIF89a not a png at all')),
      dataUrl('image/png', Buffer.concat([PNG, Buffer.alloc(512 * 1024)])),
    ].map((image, i) => refusal(() => declare(image, `bank-proof-refused-${String(i)}`)));
    expect(refusals).toMatchObject([
      { kind: 'invalid', key: 'image_type_invalid', params: { field: 'proof_image' } },
      { kind: 'invalid', key: 'image_type_invalid' },
      { kind: 'invalid', key: 'image_too_large', params: { field: 'proof_image', max: '512' } },
    ]);
    expect(exchange.live().uploads).toEqual({});
    expect(exchange.live().deposits).toEqual([]);
  });
});
