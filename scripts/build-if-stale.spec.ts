import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

// scripts/build-if-stale.sh in a copy of the tree it hashes, with `npm` a stub that writes what nest build would:
// the script says it is building before the silent build, and skips a build whose sources did not change.
function tree(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-build-'));
  fs.mkdirSync(path.join(root, 'scripts'));
  for (const f of ['build-if-stale.sh', 'build-stamp.sh'])
    fs.copyFileSync(path.join(__dirname, f), path.join(root, 'scripts', f));
  fs.mkdirSync(path.join(root, 'src'));
  fs.writeFileSync(path.join(root, 'src', 'main.ts'), 'export {};\n');
  for (const f of ['package-lock.json', 'tsconfig.json', 'tsconfig.build.json', 'nest-cli.json'])
    fs.writeFileSync(path.join(root, f), '{}\n');
  const bin = path.join(root, 'bin');
  fs.mkdirSync(bin);
  // The stub prints while it "builds", so the order of the lines shows what the person saw first.
  fs.writeFileSync(
    path.join(bin, 'npm'),
    '#!/usr/bin/env bash\necho "npm $*"\nmkdir -p dist/cli && touch dist/cli/main.js\n',
    { mode: 0o755 },
  );
  return root;
}

const run = (root: string) =>
  spawnSync('bash', ['scripts/build-if-stale.sh'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, PATH: `${path.join(root, 'bin')}:${process.env.PATH}` },
  });

describe('build-if-stale.sh', () => {
  let root: string;
  beforeEach(() => (root = tree()));
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('says it is building (and how long that usually takes) before the build, then how long it took', () => {
    const out = run(root);
    expect(out.status).toBe(0);
    expect(out.stdout.split('\n').filter(Boolean)).toEqual([
      expect.stringMatching(/^Building \(nest build; about \d+ s .*prints nothing until it is done\)…$/),
      'npm run -s build',
      expect.stringMatching(/^Built dist\/ in \d+ s$/),
    ]);
  });

  it('skips the build when the sources are unchanged, and builds again when one changes', () => {
    run(root);
    expect(run(root).stdout).toBe('build: dist/ matches the sources (skipped nest build)\n');
    fs.writeFileSync(path.join(root, 'src', 'main.ts'), 'export const changed = 1;\n');
    expect(run(root).stdout).toMatch(/^Building /);
  });
});
