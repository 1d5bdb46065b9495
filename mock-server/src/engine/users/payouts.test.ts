import { describe, expect, it } from 'vitest';
import { IdentityReview } from './identity.ts';
import { normalisedName, PayoutTargets } from './payouts.ts';
import { refusalOf, START, userWorld } from './testing.ts';

const CHASE = {
  bank_name: 'Chase',
  account_no: '0001-2345 6789',
  holder_name: 'Ada Lovelace',
  branch: '',
  swift_code: '',
};
const TRON = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const ETH_USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';

const DOCUMENTS = {
  name: 'Ada Lovelace',
  id_number: 'X1234567',
  phone: '+44 7700900123',
  birth_date: '1990-12-10',
  document_type: 'passport',
  front_image: 'data:image/jpeg;base64,/9j/4AAQ',
};

/** A world with Ada, whose identity the review verified unless `verified` is false. */
async function payoutWorld({ verified = true, name = DOCUMENTS.name } = {}) {
  const world = userWorld();
  const payouts = new PayoutTargets(world.store, world.users);
  const review = new IdentityReview(world.store, world.users);
  const ada = await world.newUser('ada@example.com');
  if (verified) {
    review.submit(ada.user_id, { ...DOCUMENTS, name });
    review.decide(ada.user_id, true);
  }
  return { world, payouts, review, ada };
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

  it('refuses a virtual bank of the bank list, whatever the case, spacing or alias of its name', async () => {
    const { payouts, ada } = await payoutWorld();
    for (const bank_name of [
      'Revolut',
      'WISE Europe',
      'Cash App',
      'WeBank',
      'we bank',
      '微众银行',
    ]) {
      expect(refusalOf(() => payouts.bindBank(ada.user_id, { ...CHASE, bank_name }))).toMatchObject(
        { kind: 'invalid', field: 'bank_name', key: 'bank_virtual' },
      );
    }
    expect(payouts.banks(ada.user_id)).toEqual([]);
  });

  it("binds a bank whose name only contains a virtual bank's", async () => {
    const { payouts, ada } = await payoutWorld();
    expect(
      payouts.bindBank(ada.user_id, { ...CHASE, bank_name: 'Wiseman Savings Bank' }),
    ).toMatchObject({ bank_name: 'Wiseman Savings Bank' });
  });

  it('binds a wallet, as a bank, only once the identity is verified: not during the review', async () => {
    const { payouts, ada } = await payoutWorld({ verified: false });
    for (const status of ['unverified', 'pending', 'rejected'] as const) {
      ada.identity_status = status;
      expect(
        refusalOf(() => payouts.bindWallet(ada.user_id, { network: 'TRC20', address: TRON })),
      ).toMatchObject({ kind: 'refused', key: 'wallet_identity_required' });
      expect(refusalOf(() => payouts.bindBank(ada.user_id, CHASE))).toMatchObject({
        kind: 'refused',
        key: 'bank_identity_required',
      });
    }
    expect(payouts.cashStatus(ada.user_id).wallet).toBeNull();
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

  it('binds a bank only once the identity is verified', async () => {
    const { payouts, review, ada } = await payoutWorld({ verified: false });
    expect(refusalOf(() => payouts.bindBank(ada.user_id, CHASE))).toMatchObject({
      kind: 'refused',
      key: 'bank_identity_required',
    });
    review.submit(ada.user_id, DOCUMENTS);
    expect(refusalOf(() => payouts.bindBank(ada.user_id, CHASE))).toMatchObject({
      key: 'bank_identity_required',
    });
    review.decide(ada.user_id, false);
    expect(refusalOf(() => payouts.bindBank(ada.user_id, CHASE))).toMatchObject({
      key: 'bank_identity_required',
    });
    expect(payouts.banks(ada.user_id)).toEqual([]);
  });

  it('takes the verified name however it is cased, spaced or accented, and no other', async () => {
    const { payouts, ada } = await payoutWorld({ name: 'José María García' });
    for (const holder_name of ['Ada Lovelace', 'José García', 'Jose Maria Garcia Lopez']) {
      expect(
        refusalOf(() => payouts.bindBank(ada.user_id, { ...CHASE, holder_name })),
      ).toMatchObject({ kind: 'invalid', field: 'holder_name', key: 'bank_holder_mismatch' });
    }
    expect(payouts.banks(ada.user_id)).toEqual([]);
    const bank = payouts.bindBank(ada.user_id, { ...CHASE, holder_name: 'JOSE  maria garcía' });
    expect(bank.holder_name).toBe('JOSE  maria garcía');
    expect(normalisedName('ÅSA  Öberg\tDœ')).toBe('asa oberg dœ');
  });

  it('holds a user seeded as verified to the name they were seeded with', async () => {
    const { world, payouts } = await payoutWorld({ verified: false });
    const ava = await world.newUser('ava@example.com', {
      nickname: 'Ava Trader',
      identity_status: 'verified',
    });
    ava.nickname = 'Moonwalker';
    expect(
      refusalOf(() => payouts.bindBank(ava.user_id, { ...CHASE, holder_name: 'Moonwalker' })),
    ).toMatchObject({ key: 'bank_holder_mismatch' });
    expect(payouts.bindBank(ava.user_id, { ...CHASE, holder_name: 'AVA TRADER' }).holder_name).toBe(
      'AVA TRADER',
    );
  });

  it('gives back what a rejected submission said, for the form to start from, but not its photos', async () => {
    const { payouts, ada } = await payoutWorld({ verified: false });
    ada.identity_status = 'rejected';
    ada.identity = {
      ...DOCUMENTS,
      back_image: null,
      submitted_at: START,
      reject_reason: 'Blurred',
    };
    const status = payouts.cashStatus(ada.user_id);
    expect(status.identity_reject_reason).toBe('Blurred');
    expect(status.identity_submitted).toEqual({
      name: DOCUMENTS.name,
      id_number: DOCUMENTS.id_number,
      phone: DOCUMENTS.phone,
      birth_date: DOCUMENTS.birth_date,
      document_type: DOCUMENTS.document_type,
    });
    ada.identity_status = 'verified';
    expect(payouts.cashStatus(ada.user_id).identity_submitted).toBeNull();
  });

  it('tells what a withdrawal still needs', async () => {
    const { payouts, ada } = await payoutWorld({ verified: false });
    expect(payouts.cashStatus(ada.user_id)).toEqual({
      identity_status: 'unverified',
      identity_reject_reason: null,
      identity_submitted: null,
      bank: null,
      wallet: null,
    });
    ada.identity_status = 'verified';
    ada.identity = { ...DOCUMENTS, back_image: null, submitted_at: START };
    payouts.bindWallet(ada.user_id, { network: 'TRC20', address: TRON });
    payouts.bindBank(ada.user_id, CHASE);
    const status = payouts.cashStatus(ada.user_id);
    expect(status.bank?.account_no).toBe('****6789');
    expect(status.wallet?.address).toBe(TRON);
  });
});
