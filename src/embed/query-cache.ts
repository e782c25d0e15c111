import { PromiseLru } from '../common/promise-lru';
import type { Embedder } from './embedder';

/** Query vectors kept: a few hundred questions cost ~1.5 kB each (384 floats) — well under a megabyte. */
export const DEFAULT_QUERY_CACHE_SIZE = 512;

/**
 * An Embedder whose query vectors are remembered (least recently used evicted first), keyed by model and text: a
 * repeated question (ask after search, a retried request, TRACE's sub-queries, a benchmark's strategies) skips
 * the encoder. Concurrent requests for the same text share one encoder call. Passages are never cached.
 */
export class QueryCachingEmbedder implements Embedder {
  private readonly vectors: PromiseLru<Float32Array>;

  constructor(
    private readonly inner: Embedder,
    capacity = DEFAULT_QUERY_CACHE_SIZE,
  ) {
    if (!Number.isInteger(capacity) || capacity < 1) {
      throw new RangeError(`The query cache size must be a positive integer, got ${capacity}.`);
    }
    this.vectors = new PromiseLru(capacity);
  }

  get modelName(): string {
    return this.inner.modelName;
  }

  get dimension(): number {
    return this.inner.dimension;
  }

  get maxTokens(): number {
    return this.inner.maxTokens;
  }

  get knowsWord(): ((word: string) => boolean) | undefined {
    return this.inner.knowsWord;
  }

  embedPassages(texts: string[]): Promise<Float32Array[]> {
    return this.inner.embedPassages(texts);
  }

  async embedQuery(text: string): Promise<Float32Array> {
    const vector = this.vectors.get(`${this.inner.modelName}\u0000${text}`, () =>
      this.inner.embedQuery(text),
    );
    // A copy: callers may change their vector without changing the cached one.
    return Float32Array.from(await vector);
  }

  countTokens(text: string): number {
    return this.inner.countTokens(text);
  }

  close(): Promise<void> {
    this.vectors.clear();
    return this.inner.close();
  }

  /** Forgets every remembered query vector (benchmarks that must pay for each embedding). */
  clear(): void {
    this.vectors.clear();
  }
}
