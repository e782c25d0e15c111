import { execFile } from 'node:child_process';
import * as path from 'node:path';

// A bad environment is the operator's mistake, not a crash: one message naming every invalid variable, a non-zero
// exit, and no Nest or Node stack trace. Both entry points are run as a user runs them (the built dist).
const ROOT = path.resolve(__dirname, '..', '..');
const BAD_ENV = { FOLIO_HTTP_PORT: 'abc', NEO4J_MAX_POOL_SIZE: '0' };

function run(
  script: string,
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      'node',
      [path.join(ROOT, 'dist', script), ...args],
      { cwd: ROOT, timeout: 60_000, env: { ...process.env, ...BAD_ENV } },
      (err, stdout, stderr) =>
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

function expectOneClearMessage(result: { code: number | null; stderr: string }): void {
  expect(result.code).not.toBe(0);
  expect(result.stderr).toMatch(/^Invalid configuration:/);
  expect(result.stderr).toContain('FOLIO_HTTP_PORT="abc"');
  expect(result.stderr).toContain('NEO4J_MAX_POOL_SIZE="0"');
  expect(result.stderr).not.toMatch(/^\s+at /m); // no stack frames
  expect(result.stderr).not.toMatch(/ExceptionHandler|\[Nest\]/);
}

describe('an invalid environment variable', () => {
  it('stops a CLI command with one message listing every invalid variable', async () => {
    const result = await run('cli/main.js', ['list']);
    expectOneClearMessage(result);
    expect(result.stdout).toBe('');
  });

  it('stops the API start the same way, before it listens', async () => {
    expectOneClearMessage(await run('main.js', []));
  });
});
