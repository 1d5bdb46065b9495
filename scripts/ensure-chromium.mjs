// Playwright drives Debian's Chromium (no browser download is possible here). Installs it, with
// CJK fonts for the Chinese and Japanese screens, when it is missing and we may (root + apt);
// otherwise says exactly what to install.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const hasCjkFonts = () => {
  const result = spawnSync('fc-list', [':lang=zh-tw'], { encoding: 'utf8' });
  return result.status === 0 && result.stdout.trim() !== '';
};

const missing = [];
if (!existsSync(chromium)) missing.push('chromium');
if (!hasCjkFonts()) missing.push('fonts-noto-cjk');
if (missing.length === 0) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = spawnSync('apt-get', ['--version']).status === 0;
if (!isRoot || !hasApt) {
  console.error(`End-to-end tests need: ${missing.join(', ')}.`);
  console.error(
    `Install them with: sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}`,
  );
  console.error('or point CHROMIUM_PATH at a Chromium binary.');
  process.exit(1);
}
console.log(`Installing ${missing.join(', ')} from Debian for the end-to-end tests…`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], {
  stdio: 'inherit',
  env,
});
