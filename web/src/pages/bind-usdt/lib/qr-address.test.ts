import { describe, expect, it } from 'vitest';
import { addressFromQrText } from './qr-address.ts';
import { decodeSize } from './read-qr.ts';

const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const ETH = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const RECIPIENT = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

describe('the address in a QR code', () => {
  it('is the text itself when the text is an address, spaces around it ignored', () => {
    expect(addressFromQrText(TRON)).toStrictEqual({ network: 'TRC20', address: TRON });
    expect(addressFromQrText(` ${ETH}\n`)).toStrictEqual({ network: 'ERC20', address: ETH });
  });

  it('is the target of a payment URI, whatever follows it', () => {
    const cases = [
      [`tron:${TRON}`, 'TRC20', TRON],
      [`TRON:${TRON}?amount=12.5&token=USDT`, 'TRC20', TRON],
      [`ethereum:${ETH}`, 'ERC20', ETH],
      [`ethereum:${ETH}@1?value=2.014e18`, 'ERC20', ETH],
      [`ethereum:pay-${ETH}@1`, 'ERC20', ETH],
    ] as const;
    for (const [text, network, address] of cases) {
      expect(addressFromQrText(text)).toStrictEqual({ network, address });
    }
  });

  it("is the recipient of an EIP-681 token transfer, not the token's contract", () => {
    expect(
      addressFromQrText(`ethereum:${ETH}@1/transfer?address=${RECIPIENT}&uint256=1e6`),
    ).toStrictEqual({ network: 'ERC20', address: RECIPIENT });
    expect(addressFromQrText(`ethereum:${ETH}@1/approve?address=${RECIPIENT}`)).toBeNull();
    expect(addressFromQrText(`ethereum:${ETH}/transfer?uint256=1`)).toBeNull();
  });

  it('is none in a code holding something else, or an address under the wrong scheme', () => {
    for (const text of [
      '',
      'https://example.com/pay',
      'Hello, world',
      'bitcoin:1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa?amount=1',
      `bitcoin:${TRON}`,
      `tron:${ETH}`,
      `ethereum:${TRON}`,
      'ethereum:vitalik.eth',
      `${TRON} ${TRON}`,
      `tron:%E0%A4%A`,
    ]) {
      expect(addressFromQrText(text)).toBeNull();
    }
  });

  it('leaves the checksum to the form: a mistyped address is still read', () => {
    const mistyped = `${TRON.slice(0, -1)}u`;
    expect(addressFromQrText(`tron:${mistyped}`)).toStrictEqual({
      network: 'TRC20',
      address: mistyped,
    });
  });
});

describe('the size an image is decoded at', () => {
  it("scales a phone photo's longest side down to 1280, keeping its shape", () => {
    expect(decodeSize(4000, 3000)).toStrictEqual({ width: 1280, height: 960 });
    expect(decodeSize(3000, 4000)).toStrictEqual({ width: 960, height: 1280 });
    expect(decodeSize(4032, 1)).toStrictEqual({ width: 1280, height: 1 });
  });

  it('leaves a small image as it is', () => {
    expect(decodeSize(330, 330)).toStrictEqual({ width: 330, height: 330 });
    expect(decodeSize(1280, 720)).toStrictEqual({ width: 1280, height: 720 });
  });
});
