import type { EncodedInput, TextEncoder } from './bert-tokenizer';
import { EmbedErrorCode } from './embed.errors';
import { OnnxEmbedder } from './onnx-embedder';
import type { EncoderRunner, RunnerOutput } from './onnx-session';

const DIM = 4;
const spec = { name: 'fake-bge', dimension: DIM, maxTokens: 8, queryPrefix: 'Q: ' };

/** One token per character (code point), [CLS] = 1, [SEP] = 2. */
const fakeTokenizer: TextEncoder = {
  padId: 0,
  encode: (text, maxTokens) => {
    const ids = [1, ...[...text].slice(0, maxTokens - 2).map((c) => c.charCodeAt(0)), 2];
    return { ids, typeIds: ids.map(() => 0) };
  },
  encodePair: () => {
    throw new Error('not used');
  },
  count: (text) => text.length + 2,
};

/** Hidden state row r, token t = [len, firstChar, t, 1]; so [CLS] (t = 0) identifies the input. */
class FakeRunner implements EncoderRunner {
  readonly concurrency = 1;
  readonly batches: EncodedInput[][] = [];
  closed = false;
  async run(batch: readonly EncodedInput[], padId: number): Promise<RunnerOutput> {
    this.batches.push([...batch]);
    const width = Math.max(...batch.map((b) => b.ids.length));
    const data = new Float32Array(batch.length * width * DIM);
    batch.forEach((input, r) =>
      [...input.ids, ...new Array<number>(width - input.ids.length).fill(padId)].forEach((_, t) =>
        data.set([input.ids.length, input.ids[1] ?? 0, t, 1], (r * width + t) * DIM),
      ),
    );
    return { data, dims: [batch.length, width, DIM] };
  }
  async close(): Promise<void> {
    this.closed = true;
  }
}

describe('OnnxEmbedder', () => {
  it('embeds in length-sorted batches and returns vectors in input order', async () => {
    const runner = new FakeRunner();
    const embedder = new OnnxEmbedder(spec, fakeTokenizer, runner, { batchSize: 2, normalize: false });
    const texts = ['bb', 'a', 'dddd', 'ccc', 'e'];
    const vectors = await embedder.embedPassages(texts);
    expect(runner.batches.map((b) => b.map((i) => i.ids.length - 2))).toEqual([[4, 3], [2, 1], [1]]);
    expect(vectors.map((v) => [v[0], v[1], v[2]])).toEqual(
      texts.map((t) => [t.length + 2, t.charCodeAt(0), 0]),
    );
  });

  it('L2-normalises [CLS] vectors by default', async () => {
    const embedder = new OnnxEmbedder(spec, fakeTokenizer, new FakeRunner());
    const [v] = await embedder.embedPassages(['xyz']);
    const norm = Math.hypot(...Array.from(v as Float32Array));
    expect(norm).toBeCloseTo(1, 6);
  });

  it('prefixes queries but not passages, and truncates to maxTokens', async () => {
    const runner = new FakeRunner();
    const embedder = new OnnxEmbedder(spec, fakeTokenizer, runner);
    await embedder.embedQuery('abcdefgh');
    await embedder.embedPassages(['abcdefgh']);
    const [query, passage] = runner.batches.map((b) =>
      String.fromCharCode(...(b[0]?.ids.slice(1, -1) ?? [])),
    );
    expect(query).toBe('Q: abc');
    expect(passage).toBe('abcdef');
    expect(embedder.countTokens('abcdefgh')).toBe(10);
  });

  it('makes no call for no texts and closes its session', async () => {
    const runner = new FakeRunner();
    const embedder = new OnnxEmbedder(spec, fakeTokenizer, runner);
    await expect(embedder.embedPassages([])).resolves.toEqual([]);
    expect(runner.batches).toHaveLength(0);
    await embedder.close();
    expect(runner.closed).toBe(true);
  });

  it('reports a model whose hidden size differs from the declared dimension', async () => {
    const embedder = new OnnxEmbedder({ ...spec, dimension: 8 }, fakeTokenizer, new FakeRunner());
    await expect(embedder.embedPassages(['a'])).rejects.toMatchObject({
      code: EmbedErrorCode.DIMENSION_MISMATCH,
    });
  });

  it('rejects a non-positive batch size', () => {
    expect(() => new OnnxEmbedder(spec, fakeTokenizer, new FakeRunner(), { batchSize: 0 })).toThrow(
      /batchSize/,
    );
  });
});
