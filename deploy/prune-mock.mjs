// What the mock image holds, made from the checkout: the root package.json and lock file, every
// workspace's package.json (so `npm ci --workspace=@bourse/mock-server` installs from the lock),
// and the sources of the mock and of every workspace it depends on, found from the package.json
// files themselves (their @bourse/ dependencies, transitively). A workspace the mock comes to
// depend on is in the image with no change here or in the Dockerfile.
//
//   node deploy/prune-mock.mjs <out dir> [repo root]
//
// npm test runs the mock's start command in such a folder (scripts/src/compose/compose.test.ts),
// so a source the image lacks fails the tests, not a user's `docker compose up`.
import { cpSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const MOCK = '@bourse/mock-server';

/** Copies what the mock image needs from `root` into `out`; returns the workspaces whose sources it took. */
export function pruneMock(out, root = resolve(dirname(fileURLToPath(import.meta.url)), '..')) {
  const read = (file) => JSON.parse(readFileSync(join(root, file), 'utf8'));
  const rootPackage = read('package.json');
  /** workspace folder by package name */
  const folders = new Map(
    rootPackage.workspaces.map((folder) => [read(`${folder}/package.json`).name, folder]),
  );
  mkdirSync(out, { recursive: true });
  for (const file of ['package.json', 'package-lock.json']) {
    cpSync(join(root, file), join(out, file));
  }
  for (const folder of folders.values()) {
    mkdirSync(join(out, folder), { recursive: true });
    cpSync(join(root, folder, 'package.json'), join(out, folder, 'package.json'));
  }
  const taken = [];
  const queue = [MOCK];
  while (queue.length > 0) {
    const name = queue.shift();
    const folder = folders.get(name);
    if (folder === undefined || taken.includes(folder)) continue;
    taken.push(folder);
    cpSync(join(root, folder, 'src'), join(out, folder, 'src'), { recursive: true });
    const { dependencies = {} } = read(`${folder}/package.json`);
    for (const dependency of Object.keys(dependencies)) {
      if (folders.has(dependency)) queue.push(dependency);
    }
  }
  const healthcheck = join(root, 'deploy/mock-healthcheck.mjs');
  if (existsSync(healthcheck)) {
    mkdirSync(join(out, 'deploy'), { recursive: true });
    cpSync(healthcheck, join(out, 'deploy/mock-healthcheck.mjs'));
  }
  return taken;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [out, root] = process.argv.slice(2);
  if (!out) {
    console.error('usage: node deploy/prune-mock.mjs <out dir> [repo root]');
    process.exit(2);
  }
  const taken = pruneMock(resolve(out), root ? resolve(root) : undefined);
  console.log(`the mock image takes the sources of ${taken.join(', ')}`);
}
