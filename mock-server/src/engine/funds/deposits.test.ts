/**
 * Deposits without HTTP: declared against a ready account, decided by the review (by hand, or
 * automatically on the engine's time, whichever comes first, once), cancelled while waiting,
 * and a bank deposit's proof image.
 */
import { describe, expect, it } from 'vitest';
import { refusalOf, START } from '../testing.ts';
import type { DepositInput } from './deposits.ts';
import { fundsOn, fundsWorld } from './testing.ts';

const REVIEW = 60_000;
const usdt = (request_id: string, amount = '100'): DepositInput => ({
  request_id,
  method: 'usdt',
  network: 'TRC20',
  amount,
  currency: 'USDT',
  tx_hash: 'ab'.repeat(32),
  remark: '',
});

async function depositWorld(autoReviewMs: number | null = REVIEW) {
  const setup = await fundsWorld({ autoReviewMs, depositAccountDelayMs: 0 });
  setup.funds.depositAccount(setup.ann, 'usdt');
  const real = () => setup.world.ledger.account(setup.ann, 'real', 'fund').available.toFixed();
  return { ...setup, real };
}

describe('a deposit', () => {
  it("is refused with a text that is not its network's transaction hash, keeping nothing", async () => {
    const { world, funds, ann } = await depositWorld();
    const declare = (network: 'TRC20' | 'ERC20', tx_hash: string) =>
      refusalOf(() =>
        funds.addDeposit(ann, { ...usdt(`deposit-hash-${network}`), network, tx_hash }),
      );
    expect(declare('TRC20', 'sent it yesterday')).toMatchObject({
      kind: 'invalid',
      key: 'tx_hash_malformed',
      params: { field: 'tx_hash' },
    });
    expect(declare('TRC20', `0x${'ab'.repeat(32)}`)).toMatchObject({ key: 'tx_hash_malformed' });
    expect(declare('ERC20', 'ab'.repeat(32))).toMatchObject({ key: 'tx_hash_malformed' });
    expect(world.state.deposits).toEqual([]);
  });

  it('is refused before its exclusive account was ever asked for, and keeps nothing', async () => {
    const { world, funds, ann } = await fundsWorld({ depositAccountDelayMs: 0 });
    expect(refusalOf(() => funds.addDeposit(ann, usdt('deposit-unasked-001')))).toMatchObject({
      kind: 'refused',
      key: 'deposit_account_pending',
    });
    expect(world.state.deposits).toEqual([]);
  });

  it('is refused while its exclusive account is being obtained, and keeps nothing', async () => {
    const { world, funds, ann } = await fundsWorld({ depositAccountDelayMs: 3000 });
    funds.depositAccount(ann, 'usdt');
    expect(refusalOf(() => funds.addDeposit(ann, usdt('deposit-early-0001')))).toMatchObject({
      kind: 'refused',
      key: 'deposit_account_pending',
    });
    expect(world.state.deposits).toEqual([]);
    world.pass(3000);
    expect(funds.addDeposit(ann, usdt('deposit-early-0001')).status).toBe('reviewing');
  });

  it('is refused from a demo session (play money comes from the demo top-up), keeping nothing', async () => {
    const { world, funds, ann } = await depositWorld();
    world.users.get(ann).account_mode = 'demo';
    const before = structuredClone(world.state);
    expect(refusalOf(() => funds.addDeposit(ann, usdt('deposit-demo-00001')))).toMatchObject({
      kind: 'refused',
      key: 'deposit_demo',
    });
    expect(world.state).toEqual(before);
    world.users.get(ann).account_mode = 'real';
    const made = funds.addDeposit(ann, usdt('deposit-demo-00001'));
    expect(made.status).toBe('reviewing');
    // nor may a demo session cancel a real deposit
    world.users.get(ann).account_mode = 'demo';
    const waiting = structuredClone(world.state);
    expect(
      refusalOf(() => funds.cancelDeposit(ann, { id: made.id, request_id: 'cancel-demo-00001' })),
    ).toMatchObject({ kind: 'refused', key: 'deposit_cancel_demo' });
    expect(world.state).toEqual(waiting);
  });

  it('is approved by the automatic review at its due moment, credited once', async () => {
    const { world, funds, ann, real, pushes } = await depositWorld();
    const made = funds.addDeposit(ann, usdt('deposit-auto-00001'));
    expect(made).toMatchObject({ status: 'reviewing', created_at: START, reviewed_at: null });
    expect(made).not.toHaveProperty('auto_review_at');
    world.pass(REVIEW - 1);
    expect(real()).toBe('1000');
    world.pass(1);
    const [approved] = funds.deposits(ann, { page: 1, limit: 5 }).list;
    expect(approved).toMatchObject({
      status: 'approved',
      credited_amount: '100.00',
      reviewed_at: START + REVIEW,
    });
    expect(pushes()).toEqual([{ kind: 'deposit', record: approved }]);
    world.pass(REVIEW * 10);
    expect(real()).toBe('1100');
    expect(pushes()).toHaveLength(1);
    world.ledger.check();
  });

  it('decided by hand before its automatic review is not decided again when that falls due', async () => {
    const { world, funds, ann, real, pushes } = await depositWorld();
    const rejected = funds.addDeposit(ann, usdt('deposit-race-00001'));
    const approved = funds.addDeposit(ann, usdt('deposit-race-00002', '50'));
    world.pass(REVIEW - 1);
    funds.decideDeposit(rejected.id, false, 'No such transaction');
    funds.decideDeposit(approved.id, true);
    world.pass(REVIEW);
    expect(funds.deposits(ann, { page: 1, limit: 5 }).list).toMatchObject([
      { id: approved.id, status: 'approved', reviewed_at: START + REVIEW - 1 },
      { id: rejected.id, status: 'rejected', reject_reason: 'No such transaction' },
    ]);
    expect(real()).toBe('1050');
    expect(pushes()).toHaveLength(2);
    expect(refusalOf(() => funds.decideDeposit(rejected.id, true))).toMatchObject({
      key: 'deposit_decided',
    });
  });

  it('cancelled by its maker is never reviewed; the cancel replays by request id', async () => {
    const { world, funds, ann, real, pushes } = await depositWorld();
    const made = funds.addDeposit(ann, usdt('deposit-cancel-0001'));
    world.pass(1000);
    const cancel = { id: made.id, request_id: 'deposit-cancel-0002' };
    const cancelled = funds.cancelDeposit(ann, cancel);
    expect(cancelled).toMatchObject({ status: 'cancelled', reviewed_at: START + 1000 });
    world.pass(REVIEW);
    expect(funds.cancelDeposit(ann, cancel)).toEqual(cancelled);
    expect(funds.deposits(ann, { status: 'cancelled', page: 1, limit: 5 }).total).toBe(1);
    expect(real()).toBe('1000');
    expect(pushes()).toEqual([]);
    expect(
      refusalOf(() => funds.cancelDeposit(ann, { id: made.id, request_id: 'deposit-cancel-0003' })),
    ).toMatchObject({ key: 'deposit_decided' });
  });

  it('waits for a hand when reviews are not automatic', async () => {
    const { world, funds, ann, real } = await depositWorld(null);
    const made = funds.addDeposit(ann, usdt('deposit-hand-00001'));
    world.pass(86_400_000);
    expect(funds.deposits(ann, { page: 1, limit: 1 }).list[0]?.status).toBe('reviewing');
    expect(world.time.scheduler.size).toBe(0);
    funds.decideDeposit(made.id, true);
    expect(real()).toBe('1100');
  });
});

describe('a deposit, field by field', () => {
  /** a world with ann's USDT and bank accounts ready; each refusal is judged on the whole state */
  async function readyWorld() {
    const setup = await depositWorld();
    setup.funds.readyDepositAccount(setup.ann, 'bank');
    setup.funds.readyDepositAccount(setup.ann, 'usdt', 'ERC20');
    const refused = (input: Partial<DepositInput>) => {
      const before = structuredClone(setup.world.state);
      const changes = setup.world.changes;
      const refusal = refusalOf(() =>
        setup.funds.addDeposit(setup.ann, { ...usdt('deposit-fields-0001'), ...input }),
      );
      expect(setup.world.state).toEqual(before);
      expect(setup.world.changes).toBe(changes);
      return refusal;
    };
    return { ...setup, refused };
  }
  const PNG_URL =
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
  const bank = (amount: string, currency = 'USD'): Partial<DepositInput> => ({
    method: 'bank',
    network: undefined,
    amount,
    currency,
    tx_hash: '',
    proof_image: PNG_URL,
  });

  it('asks for what each method needs, naming the field', async () => {
    const { refused } = await readyWorld();
    expect(refused({ network: undefined })).toMatchObject({
      kind: 'invalid',
      key: 'network_required',
      params: { field: 'network' },
    });
    expect(refused({ tx_hash: '' })).toMatchObject({
      kind: 'invalid',
      key: 'tx_hash_required',
      params: { field: 'tx_hash' },
    });
    expect(refused({ ...bank('100'), proof_image: undefined })).toMatchObject({
      kind: 'invalid',
      key: 'proof_required',
      params: { field: 'proof_image' },
    });
    expect(refused({ currency: 'EUR' })).toMatchObject({
      kind: 'refused',
      key: 'currency_unsupported',
    });
    expect(refused(bank('100', 'USDT'))).toMatchObject({ key: 'currency_unsupported' });
  });

  it('takes each network at its own least amount and the platform most, to the last decimal', async () => {
    const { funds, ann, refused } = await readyWorld();
    expect(refused({ amount: '9.99999999' })).toMatchObject({
      kind: 'refused',
      key: 'amount_below_min',
      params: { min: '10' },
    });
    expect(funds.addDeposit(ann, usdt('deposit-trc-at-min', '10')).amount).toBe('10.00');
    const erc20 = { network: 'ERC20' as const, tx_hash: `0x${'ab'.repeat(32)}` };
    expect(refused({ ...erc20, amount: '19.99999999' })).toMatchObject({
      key: 'amount_below_min',
      params: { min: '20' },
    });
    expect(funds.addDeposit(ann, { ...usdt('deposit-erc-at-min', '20'), ...erc20 }).network).toBe(
      'ERC20',
    );
    expect(refused(bank('49.99999999'))).toMatchObject({
      key: 'amount_below_min',
      params: { min: '50' },
    });
    expect(refused({ amount: '1000000.00000001' })).toMatchObject({
      kind: 'refused',
      key: 'amount_above_max',
      params: { max: '1000000' },
    });
    expect(funds.addDeposit(ann, usdt('deposit-at-max-001', '1000000')).amount).toBe('1000000.00');
  });

  it('records exactly what was declared, numbered in turn, with its equivalent at the rate', async () => {
    const { world, funds, ann } = await readyWorld();
    world.advance(1234);
    const changes = world.changes;
    const first = funds.addDeposit(ann, { ...usdt('deposit-record-001', '123.456'), remark: 'hi' });
    expect(world.changes).toBeGreaterThan(changes);
    expect(first).toEqual({
      id: first.id,
      order_no: `RC20261123093001${first.id}`,
      method: 'usdt',
      network: 'TRC20',
      amount: '123.456',
      currency: 'USDT',
      rate: '1',
      equivalent: '123.456',
      credited_amount: '0',
      status: 'reviewing',
      reject_reason: '',
      tx_hash: 'ab'.repeat(32),
      proof_image: '',
      remark: 'hi',
      created_at: START + 1234,
      reviewed_at: null,
      account_mode: 'real',
    });
    const second = funds.addDeposit(ann, {
      ...usdt('deposit-record-002'),
      ...bank('100.5', 'EUR'),
    });
    expect(Number(second.id)).toBe(Number(first.id) + 1);
    expect(second).toMatchObject({
      method: 'bank',
      network: null,
      currency: 'EUR',
      rate: '0.8606',
      equivalent: '86.4903',
    });
    expect(second.proof_image).toMatch(/\.png$/);
    expect(funds.deposits(ann, { page: 1, limit: 5 }).list.map((row) => row.id)).toEqual([
      second.id,
      first.id,
    ]);
  });

  it("is cancelled only by its maker: another user's id is not found, and nothing changes", async () => {
    const { world, funds, ann, bo } = await readyWorld();
    const made = funds.addDeposit(ann, usdt('deposit-mine-00001'));
    const before = structuredClone(world.state);
    expect(
      refusalOf(() => funds.cancelDeposit(bo, { id: made.id, request_id: 'cancel-not-mine-01' })),
    ).toMatchObject({ kind: 'not_found', key: 'deposit_not_found' });
    expect(
      refusalOf(() => funds.cancelDeposit(ann, { id: '999', request_id: 'cancel-not-mine-02' })),
    ).toMatchObject({ kind: 'not_found', key: 'deposit_not_found' });
    expect(world.state).toEqual(before);
    const changes = world.changes;
    expect(funds.cancelDeposit(ann, { id: made.id, request_id: 'cancel-mine-000001' }).status).toBe(
      'cancelled',
    );
    expect(world.changes).toBeGreaterThan(changes);
    // its review is off the clock
    expect(world.time.scheduler.has(`funds:deposit-review:${made.id}`)).toBe(false);
  });

  it('is decided once: approved, it is credited and told; rejected, it keeps the reason and moves nothing', async () => {
    const { world, funds, ann, real, pushes } = await readyWorld();
    expect(refusalOf(() => funds.decideDeposit('999', true))).toMatchObject({
      kind: 'not_found',
      key: 'deposit_not_found',
    });
    const kept = funds.addDeposit(ann, usdt('deposit-decide-0001', '12.5'));
    const turned = funds.addDeposit(ann, usdt('deposit-decide-0002', '30'));
    world.advance(500);
    const approved = funds.decideDeposit(kept.id, true, 'ignored on approval');
    expect(approved).toMatchObject({
      status: 'approved',
      credited_amount: '12.50',
      reject_reason: '',
      reviewed_at: START + 500,
    });
    // a rejection moves no money: its own save is the only one
    const changes = world.changes;
    const rejected = funds.decideDeposit(turned.id, false, 'No such transaction');
    expect(world.changes).toBe(changes + 1);
    expect(rejected).toMatchObject({
      status: 'rejected',
      credited_amount: '0',
      reject_reason: 'No such transaction',
    });
    expect(
      funds.decideDeposit(funds.addDeposit(ann, usdt('deposit-decide-0003', '11')).id, false)
        .reject_reason,
    ).toBe('');
    expect(real()).toBe('1012.5');
    expect(pushes()).toEqual([
      { kind: 'deposit', record: approved },
      { kind: 'deposit', record: rejected },
      expect.objectContaining({ kind: 'deposit' }),
    ]);
    expect(world.ledger.flows(ann).at(-1)).toMatchObject({ kind: 'deposit', refId: kept.order_no });
    // nothing of it left on the clock
    expect(world.time.scheduler.size).toBe(0);
  });

  it('decided elsewhere, or put off, while its review was on the clock: the review looks and does nothing', async () => {
    const { world, funds, ann, real } = await readyWorld();
    const decided = funds.addDeposit(ann, usdt('deposit-elsewhere-01'));
    const putOff = funds.addDeposit(ann, usdt('deposit-elsewhere-02', '20'));
    // another Funds on the very same state decides one; the other's review is put off by a day
    const other = fundsOn({ state: world.state, at: world.now(), autoReviewMs: REVIEW });
    other.funds.decideDeposit(decided.id, false, 'Decided elsewhere');
    const row = world.state.deposits.find((item) => item.id === putOff.id);
    if (!row) throw new Error('no row');
    row.auto_review_at = START + 86_400_000;
    world.pass(REVIEW * 2);
    expect(funds.deposits(ann, { page: 1, limit: 5 }).list).toMatchObject([
      { id: putOff.id, status: 'reviewing' },
      { id: decided.id, status: 'rejected', reject_reason: 'Decided elsewhere' },
    ]);
    // nor does a review run for a row whose time was taken off
    row.auto_review_at = null;
    world.pass(86_400_000);
    expect(real()).toBe('1000');
  });

  it('decided behind its back with its review time still set: the review finds it decided and leaves it', async () => {
    const { world, funds, ann, real } = await readyWorld();
    const approved = funds.addDeposit(ann, usdt('deposit-behind-0001'));
    const timeless = funds.addDeposit(ann, usdt('deposit-behind-0002'));
    // an edited state: one approved (credited elsewhere), one whose review time is taken off,
    // each while its review is on the clock
    const rowOf = (id: string) => world.state.deposits.find((item) => item.id === id);
    const first = rowOf(approved.id);
    const second = rowOf(timeless.id);
    if (!first || !second) throw new Error('no rows');
    first.status = 'approved';
    second.auto_review_at = null;
    expect(() => {
      world.pass(REVIEW * 2);
    }).not.toThrow();
    expect([rowOf(approved.id)?.status, rowOf(timeless.id)?.status]).toEqual([
      'approved',
      'reviewing',
    ]);
    expect(real()).toBe('1000');
  });

  it('reviews each of several deposits at its own moment, under its own key', async () => {
    const { world, funds, ann, real } = await readyWorld();
    const first = funds.addDeposit(ann, usdt('deposit-several-001', '10'));
    world.advance(10_000);
    const second = funds.addDeposit(ann, usdt('deposit-several-002', '20'));
    // the first decided by hand: the second's review still comes, and only it
    funds.decideDeposit(first.id, false);
    world.pass(REVIEW - 10_000);
    expect(real()).toBe('1000');
    world.pass(10_000);
    expect(funds.deposits(ann, { page: 1, limit: 5 }).list.map((row) => row.status)).toEqual([
      'approved',
      'rejected',
    ]);
    expect(real()).toBe('1020');
    expect(world.time.scheduler.size).toBe(0);
    expect(second.status).toBe('reviewing');
  });

  it('keeps what a bank deposit does not use out of its record, and each call and upload under its name', async () => {
    const { world, funds, ann } = await readyWorld();
    const made = funds.addDeposit(ann, {
      ...usdt('deposit-bank-named-01'),
      ...bank('100'),
      network: 'TRC20',
    });
    expect(made.network).toBeNull();
    funds.cancelDeposit(ann, { id: made.id, request_id: 'deposit-bank-named-02' });
    const kept = world.state.requests;
    expect([
      kept[`${ann}:deposit-bank-named-01`]?.operation,
      kept[`${ann}:deposit-bank-named-02`]?.operation,
    ]).toEqual(['addRech', 'cancelRech']);
    expect(Object.values(world.state.uploads).map((upload) => upload.purpose)).toEqual([
      'deposit_proof',
    ]);
    // cancelled, it is decided: a second cancel or a decision is refused as such
    expect(
      refusalOf(() =>
        funds.cancelDeposit(ann, { id: made.id, request_id: 'deposit-bank-named-03' }),
      ),
    ).toMatchObject({ kind: 'refused', key: 'deposit_decided' });
    expect(refusalOf(() => funds.decideDeposit(made.id, true))).toMatchObject({
      kind: 'refused',
      key: 'deposit_decided',
    });
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
    const setup = await fundsWorld();
    setup.funds.readyDepositAccount(setup.ann, 'bank');
    const declare = (image: string, id = 'bank-proof-intent-01') =>
      setup.funds.addDeposit(setup.ann, {
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
    const { world, funds, declare } = await bankDeposit();
    const first = declare(dataUrl('image/png', PNG));
    const second = declare(dataUrl('image/jpeg', JPEG), 'bank-proof-intent-02');
    const third = declare(dataUrl('image/webp', WEBP), 'bank-proof-intent-03');
    expect(first.proof_image).toMatch(/^\/uploads\/deposits\/[A-Za-z0-9_-]{24}\.png$/);
    expect(second.proof_image).toMatch(/\.jpg$/);
    expect(third.proof_image).toMatch(/\.webp$/);
    // not the deposit's number: nothing to count through
    expect(first.proof_image).not.toContain(`/${first.id}.`);
    const file = first.proof_image.split('/').at(-1) ?? '';
    const kept = funds.depositProof(file);
    expect(kept?.contentType).toBe('image/png');
    expect(Buffer.from(kept?.bytes ?? []).equals(PNG)).toBe(true);
    expect(funds.depositProof(file.replace('.png', '.jpg'))).toBeNull();
    expect(funds.depositProof('AAAAAAAAAAAAAAAAAAAAAAAA.png')).toBeNull();
    // a repeat of the same intent replays the deposit and keeps no second image
    const uploads = Object.keys(world.state.uploads).length;
    expect(declare(dataUrl('image/png', PNG))).toEqual(first);
    expect(Object.keys(world.state.uploads)).toHaveLength(uploads);
  });

  it('refuses an image that is not the JPEG, PNG or WebP it says, or too large, and keeps nothing', async () => {
    const { world, declare } = await bankDeposit();
    const refusals = [
      dataUrl('image/jpeg', PNG),
      dataUrl('image/png', Buffer.from('GIF89a not a png at all')),
      dataUrl('image/png', Buffer.concat([PNG, Buffer.alloc(512 * 1024)])),
    ].map((image, i) => refusalOf(() => declare(image, `bank-proof-refused-${String(i)}`)));
    expect(refusals).toMatchObject([
      { kind: 'invalid', key: 'image_type_invalid', params: { field: 'proof_image' } },
      { kind: 'invalid', key: 'image_type_invalid' },
      { kind: 'invalid', key: 'image_too_large', params: { field: 'proof_image', max: '512' } },
    ]);
    expect(world.state.uploads).toEqual({});
    expect(world.state.deposits).toEqual([]);
  });

  it('reads the type from the first bytes: every byte of the signature, at its place', async () => {
    const { world, declare } = await bankDeposit();
    const refused = [
      // a JPEG's first byte only
      dataUrl('image/jpeg', Buffer.from([0xff, 0x00, 0xff, 0xe0, 0, 16])),
      // RIFF but a WAVE, and WEBP without RIFF
      dataUrl('image/webp', Buffer.from('RIFF\x1a\x00\x00\x00WAVEfmt ', 'latin1')),
      dataUrl('image/webp', Buffer.from('RIFX\x1a\x00\x00\x00WEBPVP8L', 'latin1')),
      // not a data URL at all, something before it, something after it
      'https://example.com/proof.png',
      `x${dataUrl('image/png', PNG)}`,
      `${dataUrl('image/png', PNG)}!`,
    ].map((image, i) => refusalOf(() => declare(image, `bank-proof-sniff-${String(i)}`)));
    expect(refusals(refused)).toEqual(Array.from({ length: 6 }, () => 'image_type_invalid'));
    expect(world.state.deposits).toEqual([]);
  });

  it('takes an image of exactly the largest size, and refuses one byte more', async () => {
    const { declare } = await bankDeposit();
    const largest = Buffer.concat([PNG, Buffer.alloc(512 * 1024 - PNG.length)]);
    expect(declare(dataUrl('image/png', largest)).status).toBe('reviewing');
    expect(
      refusalOf(() =>
        declare(
          dataUrl('image/png', Buffer.concat([largest, Buffer.alloc(1)])),
          'bank-proof-big-02',
        ),
      ),
    ).toMatchObject({ key: 'image_too_large' });
  });
});

/** each refusal's key, or what was thrown instead of a refusal */
const refusals = (list: unknown[]) =>
  list.map((refusal) =>
    refusal !== null && typeof refusal === 'object' && 'key' in refusal
      ? refusal.key
      : String(refusal),
  );
