// The compose checks in `npm test` run Debian's nginx (with the brotli modules the web image
// loads) and docker-compose (`config` needs no daemon). Installs them when they are missing and we
// may (root + apt); otherwise says exactly what to install. `--check` only says.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const modules = '/usr/lib/nginx/modules';
const missing = [];
if (spawnSync('nginx', ['-v']).status !== 0) missing.push('nginx');
for (const part of ['filter', 'static']) {
  if (!existsSync(`${modules}/ngx_http_brotli_${part}_module.so`)) {
    missing.push(`libnginx-mod-http-brotli-${part}`);
  }
}
if (spawnSync('docker-compose', ['--version']).status !== 0) missing.push('docker-compose');
if (missing.length === 0) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = spawnSync('apt-get', ['--version']).status === 0;
if (!isRoot || !hasApt || process.argv.includes('--check')) {
  console.error(`The compose checks need: ${missing.join(', ')}.`);
  console.error(
    `Install them with: sudo apt-get update && sudo apt-get install -y --no-install-recommends ${missing.join(' ')}`,
  );
  process.exit(1);
}
console.log(`Installing ${missing.join(', ')} from Debian for the compose checks…`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], {
  stdio: 'inherit',
  env,
});
