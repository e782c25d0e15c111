import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { promisify } from 'node:util';

const ROOT = path.resolve(__dirname, '..', '..');
const run = promisify(execFile);

/** `folio <args>` from the TypeScript sources in another process (no build needed), with its exit code. */
export async function folioFromSources(
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['-r', './test/support/ts-register.js', 'src/cli/main.ts', ...args],
      { cwd: ROOT, timeout: 170_000 },
    );
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}
