import { describe, expect, it } from 'vitest';
import { endpoints } from './endpoints/catalogue.ts';
import { encodeWalletAddress, toChecksumAddress, walletAddressProblem } from './wallet-address.ts';

// Real addresses: Tether's USDT contracts on Tron and on Ethereum, and the EIP-55 test vectors.
const TRON_USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const TRON_OTHER = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const ETH_USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const EIP55_VECTORS = [
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
];

/** `address` with the character at `index` replaced by `char`. */
const withChar = (address: string, index: number, char: string) =>
  address.slice(0, index) + char + address.slice(index + 1);

/** `address` with the first letter of its hex part in the other case. */
function flipFirstLetter(address: string): string {
  const index = address.slice(2).search(/[a-f]/i) + 2;
  const char = address.charAt(index);
  const flipped = char === char.toUpperCase() ? char.toLowerCase() : char.toUpperCase();
  return withChar(address, index, flipped);
}

describe('TRC20 addresses (base58check, version 0x41)', () => {
  it('accepts real Tron addresses, spaces around them ignored', () => {
    expect(walletAddressProblem('TRC20', TRON_USDT)).toBeNull();
    expect(walletAddressProblem('TRC20', TRON_OTHER)).toBeNull();
    expect(walletAddressProblem('TRC20', `  ${TRON_USDT}\n`)).toBeNull();
  });

  it('refuses an address with one character changed: its checksum fails', () => {
    expect(walletAddressProblem('TRC20', withChar(TRON_USDT, 33, 'u'))).toBe('checksum');
    expect(walletAddressProblem('TRC20', withChar(TRON_USDT, 10, 'X'))).toBe('checksum');
    expect(walletAddressProblem('TRC20', withChar(TRON_OTHER, 5, 'k'))).toBe('checksum');
  });

  it('refuses an address of another network or another shape', () => {
    expect(walletAddressProblem('TRC20', ETH_USDT)).toBe('wrong_network');
    // a real Bitcoin address: base58check too, but not Tron's
    expect(walletAddressProblem('TRC20', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe('malformed');
    expect(walletAddressProblem('TRC20', TRON_USDT.slice(0, -1))).toBe('malformed');
    expect(walletAddressProblem('TRC20', withChar(TRON_USDT, 5, '0'))).toBe('malformed');
    expect(walletAddressProblem('TRC20', '   ')).toBe('required');
  });
});

describe('ERC20 addresses (0x + 40 hex, EIP-55 when mixed case)', () => {
  it('accepts checksummed addresses, and all-lower or all-upper ones', () => {
    for (const address of [ETH_USDT, ...EIP55_VECTORS]) {
      expect(walletAddressProblem('ERC20', address)).toBeNull();
      expect(toChecksumAddress(address.toLowerCase())).toBe(address);
    }
    expect(walletAddressProblem('ERC20', ETH_USDT.toLowerCase())).toBeNull();
    expect(walletAddressProblem('ERC20', `0x${ETH_USDT.slice(2).toUpperCase()}`)).toBeNull();
  });

  it('refuses a checksummed address with one letter in the wrong case', () => {
    for (const address of [ETH_USDT, ...EIP55_VECTORS]) {
      expect(walletAddressProblem('ERC20', flipFirstLetter(address))).toBe('checksum');
    }
  });

  it('refuses a checksummed address with one digit changed', () => {
    expect(walletAddressProblem('ERC20', withChar(ETH_USDT, 5, '2'))).toBe('checksum');
  });

  it('refuses an address of another network or another shape', () => {
    expect(walletAddressProblem('ERC20', TRON_USDT)).toBe('wrong_network');
    expect(walletAddressProblem('ERC20', ETH_USDT.slice(0, -1))).toBe('malformed');
    expect(walletAddressProblem('ERC20', ETH_USDT.slice(2))).toBe('malformed');
    expect(walletAddressProblem('ERC20', withChar(ETH_USDT, 7, 'g'))).toBe('malformed');
  });
});

describe('the setUserWallet request', () => {
  const request = endpoints.user.setUserWallet.request;

  // The checksum is left to the server: checking it here would put the hashing on every route.
  it('leaves the checksum to the server', () => {
    const mistyped = { network: 'TRC20', address: withChar(TRON_USDT, 33, 'u') } as const;
    expect(request.safeParse(mistyped).success).toBe(true);
    expect(walletAddressProblem(mistyped.network, mistyped.address)).toBe('checksum');
  });

  it('takes a real address of the chosen network', () => {
    expect(request.parse({ network: 'TRC20', address: ` ${TRON_USDT} ` })).toEqual({
      network: 'TRC20',
      address: TRON_USDT,
    });
    expect(request.safeParse({ network: 'ERC20', address: ETH_USDT }).success).toBe(true);
  });

  it('names the field `address` and says why when the shape is wrong', () => {
    const cases = [
      [{ network: 'TRC20', address: 'T123' }, 'not an address'],
      [{ network: 'ERC20', address: `${ETH_USDT}0` }, 'not an address'],
      [{ network: 'ERC20', address: TRON_USDT }, 'the other network'],
      [{ network: 'TRC20', address: ETH_USDT }, 'the other network'],
    ] as const;
    for (const [body, reason] of cases) {
      const result = request.safeParse(body);
      expect(result.success).toBe(false);
      const issues = result.error?.issues ?? [];
      expect(issues.map((issue) => issue.path)).toEqual([['address']]);
      expect(issues[0]?.message).toContain(reason);
    }
  });
});

describe('encoding an account hash as an address', () => {
  const hexBytes = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (h) => parseInt(h, 16));

  it('gives back the real addresses of known account hashes', () => {
    // Tether's USDT contract on Tron is 41a614f803b6fd780986a42c78ec9c7f77e6ded13c
    expect(encodeWalletAddress('TRC20', hexBytes('a614f803b6fd780986a42c78ec9c7f77e6ded13c'))).toBe(
      TRON_USDT,
    );
    expect(encodeWalletAddress('ERC20', hexBytes(ETH_USDT.slice(2).toLowerCase()))).toBe(ETH_USDT);
  });

  it('makes addresses the checker accepts, and refuses a hash of the wrong length', () => {
    for (let seed = 1; seed < 40; seed += 1) {
      const hash = Uint8Array.from({ length: 20 }, (_, i) => (seed * 37 + i * 101) % 256);
      expect(walletAddressProblem('TRC20', encodeWalletAddress('TRC20', hash))).toBeNull();
      expect(walletAddressProblem('ERC20', encodeWalletAddress('ERC20', hash))).toBeNull();
    }
    expect(() => encodeWalletAddress('TRC20', new Uint8Array(21))).toThrow(RangeError);
  });
});
