import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { EmbedError, EmbedErrorCode } from '../../../src/embed/embed.errors';
import { ensureEmbeddingModel } from '../../../src/embed/model-assets';
import { OnnxEmbedder } from '../../../src/embed/onnx-embedder';
import { OnnxSessionPool } from '../../../src/embed/onnx-session';

// Inference runs in worker threads: the event loop stays free while a document is embedded, and the number of
// workers changes throughput, never the vectors.
const MODEL = 'bge-small-en-v1.5-q';
const texts = Array.from(
  { length: 24 },
  (_, i) =>
    `Note ${i + 1}. The Company's revenue recognition policy for segment ${i % 5} covers contracts with ` +
    'customers, performance obligations, variable consideration and the allocation of the transaction price. '.repeat(
      3,
    ),
);

describe('OnnxSessionPool (real inference in worker threads)', () => {
  let single: OnnxEmbedder;
  let pooled: OnnxEmbedder;

  beforeAll(async () => {
    await ensureEmbeddingModel(MODEL);
    single = await OnnxEmbedder.load(MODEL, { threads: 1 });
    pooled = await OnnxEmbedder.load(MODEL, { threads: 2 });
  });
  afterAll(async () => {
    await single?.close();
    await pooled?.close();
  });

  it('gives the same vectors, in input order, with one worker or two', async () => {
    const [a, b] = await Promise.all([single.embedPassages(texts), pooled.embedPassages(texts)]);
    expect(b).toHaveLength(texts.length);
    b.forEach((v, i) => expect(Array.from(v)).toEqual(Array.from(a[i]!)));
    // Different texts, different vectors: the order was not scrambled into equal pairs.
    expect(Array.from(b[0]!)).not.toEqual(Array.from(b[1]!));
  });

  it('keeps the event loop free while it embeds', async () => {
    // All texts in one inference call: in-process, that call blocked the loop from start to end.
    const oneBatch = await OnnxEmbedder.load(MODEL, { threads: 1, batchSize: texts.length });
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    try {
      const started = performance.now();
      await oneBatch.embedPassages(texts);
      const ms = performance.now() - started;
      expect(ticks).toBeGreaterThan(Math.min(10, ms / 20));
    } finally {
      clearInterval(timer);
      await oneBatch.close();
    }
  });

  it('rejects runs after close with CLOSED', async () => {
    const embedder = await OnnxEmbedder.load(MODEL, { threads: 2 });
    await embedder.close();
    await expect(embedder.embedQuery('revenue')).rejects.toMatchObject({ code: EmbedErrorCode.CLOSED });
  });

  it('reports a model file onnxruntime cannot load as BACKEND_FAILED', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-onnx-'));
    const bad = path.join(dir, 'model.onnx');
    fs.writeFileSync(bad, 'not an onnx model');
    try {
      const err = await OnnxSessionPool.load(bad, { threads: 2 }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(EmbedError);
      expect(err).toMatchObject({ code: EmbedErrorCode.BACKEND_FAILED });
      expect((err as Error).message).toContain(bad);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
