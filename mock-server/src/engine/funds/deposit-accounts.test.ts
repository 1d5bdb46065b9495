/**
 * Exclusive deposit accounts without HTTP: obtained after a delay on the engine's time (ready at
 * the due moment, once, with an e-mail and a Notice), hurried by the back office, and the
 * checksummed addresses they hand out.
 */
import { walletAddressProblem } from '@bourse/protocol/wallet-address';
import { describe, expect, it } from 'vitest';
import { START } from '../testing.ts';
import { depositAddress } from './deposit-accounts.ts';
import { fundsWorld } from './testing.ts';

const DELAY = 3000;
const KEY = (userId: string) => `funds:deposit-account:${userId}:usdt:TRC20`;

describe('an exclusive deposit account', () => {
  it('is pending until its due moment, not a millisecond less, and ready at that moment', async () => {
    const { world, funds, ann, notices } = await fundsWorld({ depositAccountDelayMs: DELAY });
    expect(funds.depositAccount(ann, 'usdt')).toMatchObject({
      status: 'pending',
      requested_at: START,
      ready_at: null,
      wallet: null,
    });
    world.pass(DELAY - 1);
    expect(funds.depositAccount(ann, 'usdt').status).toBe('pending');
    expect(notices()).toEqual([]);
    world.pass(1);
    const ready = funds.depositAccount(ann, 'usdt');
    expect(ready).toMatchObject({ status: 'ready', ready_at: START + DELAY });
    expect(ready.wallet).toEqual({ network: 'TRC20', address: depositAddress(ann, 'TRC20') });
    expect(notices()).toEqual([
      {
        type: 'notice',
        userId: ann,
        notice: expect.objectContaining({
          title: 'Your deposit account is ready',
          created_at: START + DELAY,
        }) as unknown,
      },
    ]);
    const mail = world.state.mailbox.filter((entry) => entry.purpose === 'deposit_account');
    expect(mail).toMatchObject([{ to: 'ann@example.com', sent_at: START + DELAY }]);
  });

  it('becomes ready once, at its due moment, when the clock jumps far past it', async () => {
    const { world, funds, ann, notices } = await fundsWorld({ depositAccountDelayMs: DELAY });
    funds.depositAccount(ann, 'usdt');
    // asked again while pending: still one account, one due item
    funds.depositAccount(ann, 'usdt');
    world.advance(86_400_000);
    world.settle();
    world.settle();
    expect(funds.depositAccount(ann, 'usdt').ready_at).toBe(START + DELAY);
    expect(notices()).toHaveLength(1);
    expect(world.state.mailbox.filter((mail) => mail.purpose === 'deposit_account')).toHaveLength(
      1,
    );
    expect(world.time.scheduler.size).toBe(0);
  });

  it('is ready in the first answer when obtaining it takes no time', async () => {
    const { funds, ann, notices } = await fundsWorld({ depositAccountDelayMs: 0 });
    expect(funds.depositAccount(ann, 'bank')).toMatchObject({
      status: 'ready',
      ready_at: START,
      bank: { account_no: `6200${ann.padStart(8, '0')}`, reference: `BRS${ann}` },
    });
    expect(notices()).toHaveLength(1);
  });

  it('hurried by the back office is ready now, and its due moment then does nothing', async () => {
    const { world, funds, ann, bo, notices } = await fundsWorld({ depositAccountDelayMs: DELAY });
    funds.depositAccount(ann, 'usdt');
    world.advance(1000);
    funds.readyDepositAccount(ann, 'usdt');
    // the back office may hurry one nobody asked for yet
    funds.readyDepositAccount(bo, 'bank');
    expect(world.time.scheduler.has(KEY(ann))).toBe(false);
    world.pass(DELAY);
    expect(funds.depositAccount(ann, 'usdt').ready_at).toBe(START + 1000);
    expect(funds.depositAccount(bo, 'bank').status).toBe('ready');
    expect(notices().map((event) => event.userId)).toEqual([ann, bo]);
  });

  it('is one per user, method and network', async () => {
    const { world, funds, ann } = await fundsWorld({ depositAccountDelayMs: DELAY });
    funds.depositAccount(ann, 'usdt', 'TRC20');
    world.advance(1000);
    funds.depositAccount(ann, 'usdt', 'ERC20');
    world.pass(DELAY - 1000);
    expect(funds.depositAccount(ann, 'usdt', 'TRC20').status).toBe('ready');
    expect(funds.depositAccount(ann, 'usdt', 'ERC20').status).toBe('pending');
    expect(funds.depositAccount(ann, 'bank')).toMatchObject({ status: 'pending', bank: null });
  });
});

describe('an exclusive deposit account, in detail', () => {
  it("shows each method's limits and currencies, and only its own kind of destination", async () => {
    const { funds, ann } = await fundsWorld({ depositAccountDelayMs: 0 });
    const trc20 = funds.depositAccount(ann, 'usdt');
    expect(trc20).toMatchObject({ min_amount: '10', max_amount: '1000000', bank: null });
    expect(trc20.currencies).toEqual([{ code: 'USDT', rate: '1' }]);
    const erc20 = funds.depositAccount(ann, 'usdt', 'ERC20');
    expect(erc20).toMatchObject({ min_amount: '20', bank: null });
    expect(erc20.wallet).toEqual({ network: 'ERC20', address: depositAddress(ann, 'ERC20') });
    const bank = funds.depositAccount(ann, 'bank');
    expect(bank).toMatchObject({ min_amount: '50', max_amount: '1000000', wallet: null });
    expect(bank.currencies.map((currency) => currency.code)).toEqual(['USD', 'EUR', 'GBP', 'JPY']);
    expect(bank.currencies[1]).toEqual({ code: 'EUR', rate: '0.8606' });
  });

  it('mails and tells each account once, naming its network or the bank, each mail numbered in turn', async () => {
    const { world, funds, ann, notices } = await fundsWorld({ depositAccountDelayMs: 0 });
    const next = world.state.next_mail_id;
    funds.depositAccount(ann, 'usdt', 'ERC20');
    funds.depositAccount(ann, 'bank');
    funds.readyDepositAccount(ann, 'bank');
    const mail = world.state.mailbox.filter((entry) => entry.purpose === 'deposit_account');
    expect(mail.map((entry) => [entry.id, entry.code, entry.language])).toEqual([
      [String(next), '', 'en'],
      [String(next + 1), '', 'en'],
    ]);
    expect(mail[0]?.body).toContain('exclusive ERC20 deposit account');
    expect(mail[1]?.body).toContain('exclusive bank deposit account');
    // kept by user, method and network (none for a bank)
    expect(Object.keys(world.state.deposit_accounts)).toEqual([
      `${ann}:usdt:ERC20`,
      `${ann}:bank:`,
    ]);
    expect(notices().map((event) => [event.notice.id, event.notice.summary])).toEqual([
      [`DA${String(next)}`, mail[0]?.body],
      [`DA${String(next + 1)}`, mail[1]?.body],
    ]);
  });

  it('is saved when asked for and when it becomes ready', async () => {
    const { world, funds, ann } = await fundsWorld({ depositAccountDelayMs: DELAY });
    let changes = world.changes;
    funds.depositAccount(ann, 'usdt');
    expect(world.changes).toBe(changes + 1);
    changes = world.changes;
    funds.depositAccount(ann, 'usdt');
    expect(world.changes).toBe(changes);
    world.pass(DELAY);
    expect(world.changes).toBe(changes + 1);
  });

  it('put off, its due moment looks and waits; for an account gone, it is ready with no mail', async () => {
    const { world, funds, ann, bo, notices } = await fundsWorld({ depositAccountDelayMs: DELAY });
    funds.depositAccount(ann, 'usdt');
    funds.depositAccount(bo, 'usdt');
    const record = world.state.deposit_accounts[`${ann}:usdt:TRC20`];
    if (!record) throw new Error('no record');
    record.due_at = START + DELAY * 10;
    // bo's account is deleted while his deposit account is being obtained
    delete world.state.users[bo];
    // and an account made ready behind its back keeps the moment it was made ready
    const bankKey = `${ann}:bank:`;
    funds.depositAccount(ann, 'bank');
    const bankRecord = world.state.deposit_accounts[bankKey];
    if (!bankRecord) throw new Error('no bank record');
    bankRecord.ready_at = START + 5;
    world.pass(DELAY);
    expect(world.state.deposit_accounts[bankKey]?.ready_at).toBe(START + 5);
    expect(funds.depositAccount(ann, 'usdt').status).toBe('pending');
    expect(world.state.deposit_accounts[`${bo}:usdt:TRC20`]?.ready_at).toBe(START + DELAY);
    expect(notices()).toEqual([]);
    expect(world.state.mailbox.filter((entry) => entry.purpose === 'deposit_account')).toEqual([]);
  });
});

describe('deposit addresses', () => {
  it('are real checksummed addresses, the same on every call, one per user and network', async () => {
    const { funds, ann, bo } = await fundsWorld({ depositAccountDelayMs: 0 });
    const handedOut = (userId: string, network: 'TRC20' | 'ERC20') =>
      funds.depositAccount(userId, 'usdt', network).wallet?.address ?? '';
    const addresses = [ann, bo].flatMap((userId) =>
      (['TRC20', 'ERC20'] as const).map((network) => {
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
