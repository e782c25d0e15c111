import type { EncodedInput, TextEncoder } from './bert-tokenizer';
import { sigmoid } from './batching';
import { CrossEncoderReranker, type LoadedCrossEncoder } from './cross-encoder';
import { EmbedErrorCode } from './embed.errors';
import type { EncoderRunner, RunnerOutput } from './onnx-session';

/** Pair "query" / "passage": ids = one per word; logit of a pair = number of passage words shared with the query. */
const words = new Map<string, number>();
const wordId = (w: string): number => words.get(w) ?? (words.set(w, words.size + 10), words.size + 9);
const fakeTokenizer: TextEncoder = {
  padId: 0,
  encode: () => {
    throw new Error('not used');
  },
  encodePair: (a, b) => {
    const qa = a.split(' ').map(wordId);
    const pb = b.split(' ').map(wordId);
    return { ids: [1, ...qa, 2, ...pb, 2], typeIds: [0, ...qa.map(() => 0), 0, ...pb.map(() => 1), 1] };
  },
  count: (t) => t.split(' ').length + 2,
};

class FakeRunner implements EncoderRunner {
  readonly concurrency = 1;
  batches = 0;
  closed = false;
  async run(batch: readonly EncodedInput[]): Promise<RunnerOutput> {
    this.batches++;
    const logits = batch.map(({ ids, typeIds }) => {
      const query = new Set(ids.filter((_, i) => typeIds[i] === 0 && ids[i]! > 2));
      return ids.filter((id, i) => typeIds[i] === 1 && query.has(id)).length - 1;
    });
    return { data: Float32Array.from(logits), dims: [batch.length, 1] };
  }
  async close(): Promise<void> {
    this.closed = true;
  }
}

function reranker(opts: { batchSize?: number } = {}) {
  const runner = new FakeRunner();
  const load = jest.fn(async (): Promise<LoadedCrossEncoder> => ({ tokenizer: fakeTokenizer, runner }));
  return { runner, load, reranker: new CrossEncoderReranker(load, opts) };
}

describe('CrossEncoderReranker', () => {
  it('returns sigmoid(logit) per passage, in passage order', async () => {
    const { reranker: r, runner } = reranker({ batchSize: 2 });
    const passages = ['nothing here', 'graph walk pages', 'a graph', 'pages of a graph walk'];
    const scores = await r.score('graph walk pages', passages);
    expect(scores).toEqual([-1, 2, 0, 2].map(sigmoid));
    expect(scores.every((s) => s > 0 && s < 1)).toBe(true);
    expect(runner.batches).toBe(2);
  });

  it('loads the model lazily, once, even for concurrent first calls', async () => {
    const { reranker: r, load } = reranker();
    expect(load).not.toHaveBeenCalled();
    await Promise.all([r.score('q', ['q']), r.score('q', ['x'])]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('retries a failed load on the next call', async () => {
    const runner = new FakeRunner();
    const load = jest
      .fn<Promise<LoadedCrossEncoder>, []>()
      .mockRejectedValueOnce(new Error('model not fetched'))
      .mockResolvedValue({ tokenizer: fakeTokenizer, runner });
    const r = new CrossEncoderReranker(load);
    await expect(r.score('q', ['p'])).rejects.toThrow('model not fetched');
    await expect(r.score('q', ['q'])).resolves.toEqual([sigmoid(0)]);
  });

  it('does not load for no passages, closes the session, and refuses work after close', async () => {
    const { reranker: r, load, runner } = reranker();
    await expect(r.score('q', [])).resolves.toEqual([]);
    expect(load).not.toHaveBeenCalled();
    await r.score('q', ['p']);
    await r.close();
    expect(runner.closed).toBe(true);
    await expect(r.score('q', ['p'])).rejects.toMatchObject({ code: EmbedErrorCode.CLOSED });
  });
});
