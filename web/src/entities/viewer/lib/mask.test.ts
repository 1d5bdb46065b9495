import { describe, expect, it } from 'vitest';
import { maskedContactOf, maskEmail, maskPhone } from './mask.ts';

describe('masking how a user is reached', () => {
  it('hides most of the e-mail local part', () => {
    expect(maskEmail('trader@example.com')).toBe('tr***@example.com');
    expect(maskEmail('al@example.com')).toBe('a***@example.com');
  });

  it('hides the middle of a phone number', () => {
    expect(maskPhone('+1', '4155550100')).toBe('+1 415****0100');
    expect(maskPhone('', '12345')).toBe('1****45');
  });

  it('shows the e-mail first, the phone otherwise, nothing when there is neither', () => {
    expect(
      maskedContactOf({ email: 'trader@example.com', area_code: '+1', phone: '4155550100' }),
    ).toBe('tr***@example.com');
    expect(maskedContactOf({ email: '', area_code: '+44', phone: '7700900123' })).toBe(
      '+44 770****0123',
    );
    expect(maskedContactOf({ email: '', area_code: '', phone: '' })).toBe('');
  });
});
