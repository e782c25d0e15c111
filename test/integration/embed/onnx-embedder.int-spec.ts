import * as fs from 'node:fs';
import * as path from 'node:path';
import { measureEmbeddingThroughput } from '../../../src/embed/embed-throughput';
import { type OnnxEmbeddingModelName } from '../../../src/embed/model-catalogue';
import { ensureEmbeddingModel } from '../../../src/embed/model-assets';
import { OnnxEmbedder } from '../../../src/embed/onnx-embedder';

// Real ONNX inference, checked against vectors computed independently in Python (onnxruntime + the Rust
// tokenizers) from the same installed files: test/fixtures/embed/make-reference-vectors.py.
interface ReferenceText {
  id: string;
  kind: 'passage' | 'query';
  text: string;
  tokenCount: number;
  rawClsNorm: number;
  first16: number[];
}
interface Reference {
  models: Record<
    OnnxEmbeddingModelName,
    { texts: ReferenceText[]; cosines: { a: string; b: string; cosine: number }[] }
  >;
}
const reference = JSON.parse(
  fs.readFileSync(path.resolve(__dirname, '../../fixtures/embed/reference-vectors.json'), 'utf8'),
) as Reference;

function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += (a[i] as number) * (b[i] as number);
  return dot;
}

// int8 kernels differ between CPUs (AVX2 / VNNI), so the quantised model gets a looser bound.
const TOLERANCE: Record<OnnxEmbeddingModelName, { dim: number; cosine: number; norm: number }> = {
  'bge-small-en-v1.5': { dim: 1e-4, cosine: 1e-4, norm: 1e-3 },
  'bge-small-en-v1.5-q': { dim: 2e-3, cosine: 2e-3, norm: 2e-2 },
};

describe.each(Object.keys(TOLERANCE) as OnnxEmbeddingModelName[])(
  'OnnxEmbedder %s (real inference)',
  (model) => {
    const ref = reference.models[model];
    const tolerance = TOLERANCE[model];
    let embedder: OnnxEmbedder;
    let raw: OnnxEmbedder;
    const vectors = new Map<string, Float32Array>();

    beforeAll(async () => {
      await ensureEmbeddingModel(model);
      embedder = await OnnxEmbedder.load(model);
      raw = await OnnxEmbedder.load(model, { normalize: false });
      const passages = ref.texts.filter((t) => t.kind === 'passage');
      const embedded = await embedder.embedPassages(passages.map((t) => t.text));
      passages.forEach((t, i) => vectors.set(t.id, embedded[i] as Float32Array));
      for (const t of ref.texts.filter((t) => t.kind === 'query'))
        vectors.set(t.id, await embedder.embedQuery(t.text));
    });
    afterAll(async () => {
      await embedder?.close();
      await raw?.close();
    });

    it('has the declared shape', () => {
      expect(embedder).toMatchObject({ modelName: model, dimension: 384, maxTokens: 512 });
      for (const v of vectors.values()) {
        expect(v).toHaveLength(384);
        expect(Math.sqrt(cosine(v, v))).toBeCloseTo(1, 5);
      }
    });

    it('matches the Python reference: first 16 dimensions, raw [CLS] norm and token counts', async () => {
      for (const t of ref.texts) {
        const v = vectors.get(t.id) as Float32Array;
        const deltas = t.first16.map((expected, i) => Math.abs((v[i] as number) - expected));
        expect({ id: t.id, maxDelta: Math.max(...deltas) < tolerance.dim }).toEqual({
          id: t.id,
          maxDelta: true,
        });
        if (t.kind === 'passage') {
          expect(embedder.countTokens(t.text)).toBe(t.tokenCount);
          const [unnormalised] = await raw.embedPassages([t.text]);
          const norm = Math.sqrt(cosine(unnormalised as Float32Array, unnormalised as Float32Array));
          expect(Math.abs(norm - t.rawClsNorm)).toBeLessThan(tolerance.norm);
        }
      }
    });

    it('matches the Python reference cosines', () => {
      for (const { a, b, cosine: expected } of ref.cosines) {
        const actual = cosine(vectors.get(a) as Float32Array, vectors.get(b) as Float32Array);
        expect({ a, b, delta: Math.abs(actual - expected) < tolerance.cosine }).toEqual({
          a,
          b,
          delta: true,
        });
      }
    });

    it('scores a relevant passage above irrelevant ones', async () => {
      const passages = [
        'Neo4j stores documents as a graph of pages, sections and elements connected by typed relationships.',
        'Boil the pasta in salted water for nine minutes, then toss it with olive oil, garlic and chili flakes.',
        'The quarterly report shows revenue grew 12 % while operating costs stayed flat.',
        'Photosynthesis converts light energy into chemical energy stored in glucose.',
      ];
      const [graph, pasta, revenue, plants] = await embedder.embedPassages(passages);
      const ask = async (q: string) => embedder.embedQuery(q);
      const q1 = await ask('How are documents stored in the graph database?');
      expect(cosine(q1, graph!)).toBeGreaterThan(
        Math.max(cosine(q1, pasta!), cosine(q1, revenue!), cosine(q1, plants!)),
      );
      const q2 = await ask('how much did sales increase last quarter');
      expect(cosine(q2, revenue!)).toBeGreaterThan(
        Math.max(cosine(q2, pasta!), cosine(q2, graph!), cosine(q2, plants!)),
      );
      const q3 = await ask('cooking instructions for spaghetti');
      expect(cosine(q3, pasta!)).toBeGreaterThan(
        Math.max(cosine(q3, revenue!), cosine(q3, graph!), cosine(q3, plants!)),
      );
    });

    it('gives (nearly) the same vector whether a text is embedded alone or padded in a batch', async () => {
      const texts = [
        'short',
        'a somewhat longer sentence about document graphs and retrieval',
        'mid length text here',
      ];
      const byDefault = await embedder.embedPassages(texts);
      const inOneBatch = await OnnxEmbedder.load(model, { batchSize: 8 });
      const batched = await inOneBatch.embedPassages(texts);
      await inOneBatch.close();
      // int8 activations are quantised per batch, hence its default batch size of 1 (see EmbeddingModelSpec).
      const bound = model === 'bge-small-en-v1.5' ? 1 - 1e-5 : 0.99;
      for (const [i, text] of texts.entries()) {
        const [alone] = await embedder.embedPassages([text]);
        expect(cosine(alone as Float32Array, byDefault[i] as Float32Array)).toBeGreaterThan(1 - 1e-5);
        expect(cosine(alone as Float32Array, batched[i] as Float32Array)).toBeGreaterThan(bound);
      }
    });

    it('knows a word its vocabulary holds whole, not a misspelling of it', () => {
      for (const word of ['advertising', 'expenses', 'white']) expect(embedder.knowsWord(word)).toBe(true);
      for (const word of ['advertsing', 'goverment', 'concieved']) expect(embedder.knowsWord(word)).toBe(false);
    });

    it('truncates text longer than 512 tokens and counts its full length', async () => {
      const long = 'The graph links every page to the next one. '.repeat(80);
      expect(embedder.countTokens(long)).toBeGreaterThan(512);
      const [v] = await embedder.embedPassages([long]);
      expect(v).toHaveLength(384);
      const throughput = await measureEmbeddingThroughput(embedder, [long, 'short text'], { warmup: false });
      expect(throughput).toMatchObject({ modelName: model, passages: 2 });
      expect(throughput.passagesPerSecond).toBeGreaterThan(0);
    });
  },
);
