import type { UserInfo } from '@bourse/protocol';
import { charactersOf } from '#shared/lib';

/**
 * An e-mail address with most of its local part hidden: `trader@example.com` → `tr***@example.com`.
 * Short local parts keep only their first character.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  const local = email.slice(0, at);
  const characters = charactersOf(local);
  const visible = characters.slice(0, characters.length > 3 ? 2 : 1).join('');
  return `${visible}***${email.slice(at)}`;
}

/** A phone number with its middle hidden: `+1`, `4155550100` → `+1 415****0100`. */
export function maskPhone(areaCode: string, phone: string): string {
  const digits = phone.replace(/\s+/g, '');
  const masked =
    digits.length > 7
      ? `${digits.slice(0, 3)}****${digits.slice(-4)}`
      : digits.length > 2
        ? `${digits.slice(0, 1)}****${digits.slice(-2)}`
        : digits;
  return areaCode === '' ? masked : `${areaCode} ${masked}`;
}

/** How the user is reached, masked: the e-mail when there is one, else the phone; '' if neither. */
export function maskedContactOf(user: Pick<UserInfo, 'email' | 'area_code' | 'phone'>): string {
  if (user.email.trim() !== '') return maskEmail(user.email.trim());
  if (user.phone.trim() !== '') return maskPhone(user.area_code, user.phone.trim());
  return '';
}
