import type { Embedder } from './embedder';
import { QueryCachingEmbedder } from './query-cache';

/** Vectors that identify their text ([length, first char code]); counts encoder calls and can fail on demand. */
class CountingEmbedder implements Embedder {
  readonly modelName = 'fake-model';
  readonly dimension = 2;
  readonly maxTokens = 16;
  queryCalls: string[] = [];
  failNext = false;
  closed = false;
  embedPassages(texts: string[]): Promise<Float32Array[]> {
    return Promise.resolve(texts.map((t) => Float32Array.of(t.length, t.charCodeAt(0))));
  }
  async embedQuery(text: string): Promise<Float32Array> {
    this.queryCalls.push(text);
    await new Promise((r) => setImmediate(r));
    if (this.failNext) {
      this.failNext = false;
      throw new Error('encoder failed');
    }
    return Float32Array.of(text.length, text.charCodeAt(0));
  }
  countTokens(text: string): number {
    return text.length;
  }
  close(): Promise<void> {
    this.closed = true;
    return Promise.resolve();
  }
}

describe('QueryCachingEmbedder', () => {
  it('embeds a repeated query once and returns the same vector, as a copy the caller may change', async () => {
    const inner = new CountingEmbedder();
    const cached = new QueryCachingEmbedder(inner, 4);
    const first = await cached.embedQuery('revenue 2019');
    first[0] = -1;
    const second = await cached.embedQuery('revenue 2019');
    expect(Array.from(second)).toEqual([12, 'r'.charCodeAt(0)]);
    expect(inner.queryCalls).toEqual(['revenue 2019']);
  });

  it('shares one encoder call between concurrent requests for the same text', async () => {
    const inner = new CountingEmbedder();
    const cached = new QueryCachingEmbedder(inner, 4);
    const [a, b] = await Promise.all([cached.embedQuery('q'), cached.embedQuery('q')]);
    expect(Array.from(a)).toEqual(Array.from(b));
    expect(inner.queryCalls).toEqual(['q']);
  });

  it('evicts the least recently used query when full', async () => {
    const inner = new CountingEmbedder();
    const cached = new QueryCachingEmbedder(inner, 2);
    await cached.embedQuery('a');
    await cached.embedQuery('b');
    await cached.embedQuery('a'); // a is now the most recently used
    await cached.embedQuery('c'); // evicts b
    await cached.embedQuery('a');
    await cached.embedQuery('b');
    expect(inner.queryCalls).toEqual(['a', 'b', 'c', 'b']);
  });

  it('does not remember a failed call, and clear() forgets every vector', async () => {
    const inner = new CountingEmbedder();
    const cached = new QueryCachingEmbedder(inner, 2);
    inner.failNext = true;
    await expect(cached.embedQuery('x')).rejects.toThrow('encoder failed');
    await cached.embedQuery('x');
    cached.clear();
    await cached.embedQuery('x');
    expect(inner.queryCalls).toEqual(['x', 'x', 'x']);
  });

  it('passes passages, token counts, model facts and close through uncached', async () => {
    const inner = new CountingEmbedder();
    const cached = new QueryCachingEmbedder(inner);
    expect(await cached.embedPassages(['ab'])).toEqual([Float32Array.of(2, 97)]);
    expect([cached.modelName, cached.dimension, cached.maxTokens, cached.countTokens('abc')]).toEqual([
      'fake-model',
      2,
      16,
      3,
    ]);
    await cached.close();
    expect(inner.closed).toBe(true);
  });

  it('rejects a cache size that is not a positive integer', () => {
    expect(() => new QueryCachingEmbedder(new CountingEmbedder(), 0)).toThrow(RangeError);
  });
});
