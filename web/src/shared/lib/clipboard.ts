/** What copying needs from the browser; tests pass a fake. */
export interface ClipboardHost {
  /** `navigator.clipboard`: undefined on a page not served over HTTPS or localhost */
  readonly clipboard: Pick<Clipboard, 'writeText'> | undefined;
  readonly document: Pick<Document, 'createElement' | 'body' | 'activeElement' | 'execCommand'>;
}

const browserHost = (): ClipboardHost => ({ clipboard: navigator.clipboard, document });

/**
 * Copies `text`, or rejects when the browser will not. The async clipboard exists only on a secure
 * origin; the app is also opened over plain http on a LAN address (a phone trying the demo), where
 * the old way still works: select the text in a hidden field and ask the browser to copy.
 */
export async function copyText(text: string, host: ClipboardHost = browserHost()): Promise<void> {
  if (host.clipboard !== undefined) {
    try {
      await host.clipboard.writeText(text);
      return;
    } catch {
      // Refused (no permission, page not focused): the old way may still be allowed.
    }
  }
  copyBySelection(text, host.document);
}

function copyBySelection(text: string, document: ClipboardHost['document']): void {
  const focused = document.activeElement;
  const field = document.createElement('textarea');
  field.value = text;
  // Read-only keeps a phone's keyboard down; off screen and still selectable.
  field.setAttribute('readonly', '');
  field.setAttribute('aria-hidden', 'true');
  field.style.position = 'fixed';
  field.style.top = '0';
  field.style.left = '-9999px';
  document.body.append(field);
  try {
    field.select();
    // iOS selects nothing with select() alone.
    field.setSelectionRange(0, text.length);
    // The only way on an insecure origin, deprecated but kept by every browser for this.
    // eslint-disable-next-line @typescript-eslint/no-deprecated
    if (!document.execCommand('copy')) throw new Error('the browser refused to copy');
  } finally {
    field.remove();
    // Back where the user was (the copy button), for keyboards and screen readers.
    (focused as Partial<HTMLElement> | null)?.focus?.();
  }
}
