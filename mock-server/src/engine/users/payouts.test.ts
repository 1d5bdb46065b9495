import { describe, expect, it } from 'vitest';
import { PayoutTargets } from './payouts.ts';
import { refusalOf, START, userWorld } from './testing.ts';

const CHASE = {
  bank_name: 'Chase',
  account_no: '0001-2345 6789',
  holder_name: 'Ada',
  branch: '',
  swift_code: '',
};
const TRON = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const ETH_USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';

async function payoutWorld() {
  const world = userWorld();
  const payouts = new PayoutTargets(world.store, world.users);
  const ada = await world.newUser('ada@example.com');
  return { world, payouts, ada };
}

describe('payout targets', () => {
  it('binds a bank, keeping the whole number and showing only its last four digits', async () => {
    const { world, payouts, ada } = await payoutWorld();
    expect(payouts.banks(ada.user_id)).toEqual([]);
    expect(payouts.bindBank(ada.user_id, CHASE)).toMatchObject({
      bank_name: 'Chase',
      account_no: '****6789',
      created_at: START,
    });
    expect(payouts.banks(ada.user_id).map((bank) => bank.account_no)).toEqual(['****6789']);
    expect(world.state.users[ada.user_id]?.bank?.account_no).toBe(CHASE.account_no);
  });

  it('refuses a virtual bank, whatever the case of its name', async () => {
    const { payouts, ada } = await payoutWorld();
    for (const bank_name of ['Revolut', 'WISE Europe', 'Cash App']) {
      expect(refusalOf(() => payouts.bindBank(ada.user_id, { ...CHASE, bank_name }))).toMatchObject(
        { kind: 'invalid', field: 'bank_name', key: 'bank_virtual' },
      );
    }
    expect(payouts.banks(ada.user_id)).toEqual([]);
  });

  it("binds a wallet only at an address of the wallet's network", async () => {
    const { payouts, ada } = await payoutWorld();
    expect(
      refusalOf(() => payouts.bindWallet(ada.user_id, { network: 'ERC20', address: TRON })),
    ).toMatchObject({ field: 'address', key: 'wallet_network_mismatch' });
    expect(
      refusalOf(() => payouts.bindWallet(ada.user_id, { network: 'TRC20', address: ETH_USDT })),
    ).toMatchObject({ field: 'address', key: 'wallet_network_mismatch' });
    expect(payouts.bindWallet(ada.user_id, { network: 'TRC20', address: TRON })).toMatchObject({
      currency: 'USDT',
      network: 'TRC20',
      address: TRON,
    });
    const erc = '0x52908400098527886E0F7030069857D2E4169EE7';
    expect(payouts.bindWallet(ada.user_id, { network: 'ERC20', address: erc }).address).toBe(erc);
  });

  it('refuses an address with a mistyped character or a wrong case, keeping the bound one', async () => {
    const { payouts, ada } = await payoutWorld();
    payouts.bindWallet(ada.user_id, { network: 'TRC20', address: TRON });
    const refused = [
      // one character changed: the base58check checksum fails
      [{ network: 'TRC20', address: `${TRON.slice(0, -1)}F` }, 'wallet_address_checksum'],
      // one letter of a checksummed address in the wrong case: EIP-55 fails
      [{ network: 'ERC20', address: ETH_USDT.replace('dAC', 'DAC') }, 'wallet_address_checksum'],
      [{ network: 'ERC20', address: ETH_USDT.slice(0, -2) }, 'wallet_address_malformed'],
      [
        { network: 'TRC20', address: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa' },
        'wallet_address_malformed',
      ],
    ] as const;
    for (const [input, key] of refused) {
      expect(refusalOf(() => payouts.bindWallet(ada.user_id, input))).toMatchObject({
        kind: 'invalid',
        field: 'address',
        key,
      });
    }
    expect(payouts.cashStatus(ada.user_id).wallet?.address).toBe(TRON);
    // all lower case carries no checksum and is taken as it is
    const lower = ETH_USDT.toLowerCase();
    expect(payouts.bindWallet(ada.user_id, { network: 'ERC20', address: lower }).address).toBe(
      lower,
    );
  });

  it('tells what a withdrawal still needs', async () => {
    const { payouts, ada } = await payoutWorld();
    expect(payouts.cashStatus(ada.user_id)).toEqual({
      identity_status: 'unverified',
      bank: null,
      wallet: null,
    });
    payouts.bindBank(ada.user_id, CHASE);
    payouts.bindWallet(ada.user_id, { network: 'TRC20', address: TRON });
    const status = payouts.cashStatus(ada.user_id);
    expect(status.bank?.account_no).toBe('****6789');
    expect(status.wallet?.address).toBe(TRON);
  });
});
