import Fastify from 'fastify';
import { readAppEndpoints, readInlineHashes, SAFE_HOST, securityHeaders } from './security.ts';
import { DOCUMENT_ONLY_HEADERS } from './web.ts';

/** A Host that SAFE_HOST lets into the policy, replaced by nginx's `$http_host` afterwards. */
const HOST_MARK = 'bourse-host-mark.invalid';
/** A Host that SAFE_HOST keeps out of the policy. */
const UNSAFE_HOST = 'bad"host';

/** What nginx includes: the policy as a map on the Host, and the headers of pages and files. */
export interface NginxHeaderSnippets {
  /** at `http` level: `$bourse_csp`, the policy for the request's Host */
  readonly map: string;
  /** in a location that serves a page (index.html): every header `npm start` sends with it */
  readonly page: string;
  /** in a location that serves a file: the same less those only a document reads */
  readonly file: string;
}

/** A string in nginx's double quotes, where `\"`, `\\`, `\t`, `\r` and `\n` would be escapes. */
const quoted = (value: string): string => {
  if (/"|[\r\n]|\\["'\\tnr]/.test(value)) throw new Error(`nginx cannot quote ${value}`);
  return `"${value}"`;
};

/** The headers helmet adds to a reply, as the mock's securityHeaders sets them up for `webDir`. */
async function helmetHeaders(webDir: string, host: string): Promise<Map<string, string>> {
  const read = async (secured: boolean) => {
    const app = Fastify();
    if (secured) await securityHeaders(app, readAppEndpoints(webDir), readInlineHashes(webDir));
    app.get('/', () => '');
    const reply = await app.inject({ method: 'GET', url: '/', headers: { host } });
    await app.close();
    return reply.headers;
  };
  const [plain, secured] = [await read(false), await read(true)];
  const added = new Map<string, string>();
  for (const [name, value] of Object.entries(secured)) {
    if (name in plain || value === undefined) continue;
    added.set(name, Array.isArray(value) ? value.join(', ') : String(value));
  }
  return added;
}

/**
 * The nginx side of `security.ts`: the very headers `npm start` sends with the app built in
 * `webDir` (helmet, run here on the same policy function, inline hashes and config.json), so the
 * policy is written once. The socket source the policy takes from each request's Host is an nginx
 * map on `$http_host` with the same SAFE_HOST test.
 */
export async function nginxHeaderSnippets(webDir: string): Promise<NginxHeaderSnippets> {
  const marked = await helmetHeaders(webDir, HOST_MARK);
  const unsafe = await helmetHeaders(webDir, UNSAFE_HOST);
  const policy = marked.get('content-security-policy');
  const policyUnsafe = unsafe.get('content-security-policy');
  if (policy === undefined || policyUnsafe === undefined) {
    throw new Error('securityHeaders sent no Content-Security-Policy');
  }
  const map = [
    '# Generated from mock-server/src/plugins/security.ts by write-nginx-headers.ts: do not edit.',
    'map $http_host $bourse_csp {',
    `  ${quoted(`~*${SAFE_HOST.source}`)} ${quoted(policy.split(HOST_MARK).join('$http_host'))};`,
    `  default ${quoted(policyUnsafe)};`,
    '}',
    '',
  ].join('\n');
  const lines = (names: readonly string[]) =>
    [
      '# Generated from mock-server/src/plugins/security.ts by write-nginx-headers.ts: do not edit.',
      ...names.map((name) =>
        name === 'content-security-policy'
          ? `add_header Content-Security-Policy $bourse_csp always;`
          : `add_header ${name} ${quoted(marked.get(name) ?? '')} always;`,
      ),
      '',
    ].join('\n');
  const names = [...marked.keys()].sort();
  const documentOnly: readonly string[] = DOCUMENT_ONLY_HEADERS;
  return {
    map,
    page: lines(names),
    file: lines(names.filter((name) => !documentOnly.includes(name))),
  };
}
