/**
 * A small HTTP proxy that forwards every request to a provider and decrypts the `data` of its
 * replies. The pact records `data` in the clear (the consumer tests use the plain codec); a
 * real backend encrypts it (PROTOCOL.md §2). Put between the verifier and the backend, the
 * proxy lets the same pact verify it: an encrypted string becomes the JSON it holds, anything
 * else passes untouched.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Codec } from '@bourse/protocol';

export interface DecryptingProxyOptions {
  /** the provider's origin (and base path, if any), e.g. https://api.example.com */
  readonly target: string;
  /** decrypts `data`: createNodeCodec with the provider's PAYLOAD_KEY and PAYLOAD_IV */
  readonly codec: Pick<Codec, 'decrypt'>;
  /** default 127.0.0.1 */
  readonly host?: string;
  /** default 0: any free port */
  readonly port?: number;
  /** where a reply that would not decrypt is reported; default console.warn */
  readonly warn?: (message: string) => void;
}

export interface DecryptingProxy {
  /** http://host:port, to give the verifier as providerBaseUrl */
  readonly url: string;
  close(): Promise<void>;
}

/** Headers that describe one hop, or that the proxy sets itself, are not passed on. */
const NOT_FORWARDED = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
  // fetch decodes the body; the proxy sends it on decoded
  'accept-encoding',
  'content-encoding',
]);

const readBody = async (request: IncomingMessage): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The reply's bytes with a string `data` replaced by the JSON it decrypts to; the bytes as they
 * came when there is nothing to decrypt, or when it does not decrypt (the verification then
 * shows the string where the pact expects JSON).
 */
export function decryptReply(
  body: Buffer,
  codec: Pick<Codec, 'decrypt'>,
  warn: (message: string) => void,
): Buffer {
  let envelope: unknown;
  try {
    envelope = JSON.parse(body.toString('utf8'));
  } catch {
    return body;
  }
  if (!isRecord(envelope) || typeof envelope['data'] !== 'string') return body;
  try {
    const data: unknown = JSON.parse(codec.decrypt(envelope['data']));
    return Buffer.from(JSON.stringify({ ...envelope, data }), 'utf8');
  } catch (error) {
    warn(`decrypting-proxy: a reply's data did not decrypt to JSON: ${String(error)}`);
    return body;
  }
}

export async function startDecryptingProxy(
  options: DecryptingProxyOptions,
): Promise<DecryptingProxy> {
  const target = new URL(options.target);
  const basePath = target.pathname.replace(/\/+$/, '');
  const warn =
    options.warn ??
    ((message: string) => {
      console.warn(message);
    });

  const forward = async (request: IncomingMessage, response: ServerResponse) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined || NOT_FORWARDED.has(name)) continue;
      for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
    }
    const method = request.method ?? 'GET';
    const body = await readBody(request);
    const reply = await fetch(new URL(`${basePath}${request.url ?? '/'}`, target), {
      method,
      headers,
      redirect: 'manual',
      ...(method === 'GET' || method === 'HEAD' ? {} : { body: new Uint8Array(body) }),
    });
    const raw = Buffer.from(await reply.arrayBuffer());
    const isJson = (reply.headers.get('content-type') ?? '').includes('json');
    const out = isJson ? decryptReply(raw, options.codec, warn) : raw;
    const outHeaders: Record<string, string> = {};
    reply.headers.forEach((value, name) => {
      if (!NOT_FORWARDED.has(name)) outHeaders[name] = value;
    });
    outHeaders['content-length'] = String(out.length);
    response.writeHead(reply.status, outHeaders);
    response.end(out);
  };

  const server = createServer((request, response) => {
    forward(request, response).catch((error: unknown) => {
      warn(
        `decrypting-proxy: ${request.method ?? ''} ${request.url ?? ''} failed: ${String(error)}`,
      );
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' });
      response.end('the decrypting proxy could not reach the provider');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => {
          if (error) reject(error);
          else resolve();
        });
      }),
  };
}
