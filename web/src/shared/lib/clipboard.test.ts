import { describe, expect, it, vi } from 'vitest';
import { copyText, type ClipboardHost } from './clipboard.ts';

/** A page without the async clipboard (plain http on a LAN address): only execCommand. */
function insecurePage(copies: boolean) {
  const copied: string[] = [];
  const fields: { value: string; selected: boolean; inPage: boolean }[] = [];
  const button = { focus: vi.fn() };
  // A plain object cast once: the DOM's types mark execCommand (and an overload) deprecated.
  const document = {
    activeElement: button,
    body: {
      append: (field: (typeof fields)[number]) => {
        field.inPage = true;
      },
    },
    createElement: () => {
      const field = {
        value: '',
        selected: false,
        inPage: false,
        style: {},
        setAttribute: () => undefined,
        select: () => {
          field.selected = true;
        },
        setSelectionRange: () => undefined,
        remove: () => {
          field.inPage = false;
        },
      };
      fields.push(field);
      return field;
    },
    execCommand: (command: string) => {
      const field = fields.at(-1);
      if (command === 'copy' && copies && field?.inPage && field.selected) {
        copied.push(field.value);
        return true;
      }
      return false;
    },
  } as unknown as ClipboardHost['document'];
  const host: ClipboardHost = { clipboard: undefined, document };
  return { host, copied, fields, button };
}

describe('copying', () => {
  it('uses the async clipboard where the page has one', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    const { host, fields } = insecurePage(true);
    await copyText('100001', { ...host, clipboard: { writeText } });
    expect(writeText).toHaveBeenCalledWith('100001');
    expect(fields).toHaveLength(0);
  });

  it('copies over plain http, where there is no async clipboard, and leaves no trace', async () => {
    const { host, copied, fields, button } = insecurePage(true);
    await copyText('INVITE42', host);
    expect(copied).toStrictEqual(['INVITE42']);
    expect(fields.map((field) => field.inPage)).toStrictEqual([false]);
    expect(button.focus).toHaveBeenCalled();
  });

  it('falls back when the async clipboard refuses', async () => {
    const { host, copied } = insecurePage(true);
    const writeText = () => Promise.reject(new Error('NotAllowedError'));
    await copyText('100001', { ...host, clipboard: { writeText } });
    expect(copied).toStrictEqual(['100001']);
  });

  it('fails when the browser will not copy either way', async () => {
    const { host, fields } = insecurePage(false);
    await expect(copyText('100001', host)).rejects.toThrow('refused');
    expect(fields.map((field) => field.inPage)).toStrictEqual([false]);
  });
});
