// The mock image's files, checked without Docker: the folder deploy/prune-mock.mjs makes (what the
// Dockerfile's mock stage copies, read from the Dockerfile) runs the mock stage's own command and
// the mock starts. A workspace the mock depends on whose sources the image would lack fails here
// (the mock exits with ERR_MODULE_NOT_FOUND), not at a user's `docker compose up`.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');

/** One stage of the Dockerfile: its lines from `FROM … AS name` to the next FROM. */
function stage(dockerfile: string, name: string): string[] {
  const lines = dockerfile.split('\n');
  const start = lines.findIndex((line) => new RegExp(`^FROM .* AS ${name}$`).test(line));
  if (start < 0) throw new Error(`no ${name} stage in deploy/Dockerfile`);
  const end = lines.findIndex((line, i) => i > start && line.startsWith('FROM '));
  return lines.slice(start, end < 0 ? undefined : end);
}

/** The mock stage's files: where it copies them from the build stage, and how they are made. */
function mockImage(dockerfile: string): { command: string[]; pruneOut: string } {
  const mock = stage(dockerfile, 'mock');
  const copy = mock
    .map((line) => /^COPY --from=build (\S+) \.\/$/.exec(line))
    .find((match) => match !== null);
  if (!copy?.[1]) throw new Error('the mock stage copies no folder from the build stage');
  const build = stage(dockerfile, 'build').join('\n');
  if (!build.includes(`node deploy/prune-mock.mjs ${copy[1]}`)) {
    throw new Error(`the build stage does not make ${copy[1]} with deploy/prune-mock.mjs`);
  }
  const cmd = mock.find((line) => line.startsWith('CMD '));
  if (!cmd) throw new Error('the mock stage has no CMD');
  return { command: JSON.parse(cmd.slice(4)) as string[], pruneOut: copy[1] };
}

/**
 * node_modules for the folder: the checkout's installed packages, except the workspaces, which
 * point into the folder itself (as `npm ci` links them there): a workspace's sources are the
 * folder's or nothing.
 */
function linkModules(folder: string): void {
  const modules = join(folder, 'node_modules');
  mkdirSync(join(modules, '@bourse'), { recursive: true });
  const rootPackage = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    workspaces: string[];
  };
  for (const workspace of rootPackage.workspaces) {
    const { name } = JSON.parse(readFileSync(join(ROOT, workspace, 'package.json'), 'utf8')) as {
      name: string;
    };
    const link = join(modules, name);
    symlinkSync(relative(join(link, '..'), join(folder, workspace)), link);
  }
  for (const entry of readdirSync(join(ROOT, 'node_modules'))) {
    if (entry === '@bourse' || entry === '.bin') continue;
    symlinkSync(join(ROOT, 'node_modules', entry), join(modules, entry));
  }
}

let child: ChildProcess | undefined;
const folders: string[] = [];
afterAll(() => {
  child?.kill('SIGKILL');
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('the mock image', () => {
  it('starts from only the files the Dockerfile copies into it', async () => {
    const { command, pruneOut } = mockImage(readFileSync(join(ROOT, 'deploy/Dockerfile'), 'utf8'));
    expect(pruneOut).toBe('/out/mock');
    const folder = mkdtempSync(join(tmpdir(), 'bourse-mock-image-'));
    folders.push(folder);
    const pruned = spawnSync(process.execPath, ['deploy/prune-mock.mjs', folder], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(pruned.status, pruned.stderr).toBe(0);
    linkModules(folder);
    const [program, ...args] = command;
    expect(program).toBe('node');
    const started = spawn(process.execPath, args, {
      cwd: folder,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: join(folder, 'data'),
        MARKET_TICK_MS: '0',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    const output = await new Promise<string>((done) => {
      let text = '';
      const read = (chunk: Buffer) => {
        text += chunk.toString();
        if (/Server listening at http/.test(text)) done(text);
      };
      started.stdout.on('data', read);
      started.stderr.on('data', read);
      started.on('exit', () => {
        done(text);
      });
    });
    expect(output, 'the mock did not start from the image’s files').toMatch(
      /Server listening at http/,
    );
  }, 60_000);
});
