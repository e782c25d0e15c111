import type { Embedder } from './embedder';

/** Query vectors kept: a few hundred questions cost ~1.5 kB each (384 floats) — well under a megabyte. */
export const DEFAULT_QUERY_CACHE_SIZE = 512;

/**
 * An Embedder whose query vectors are remembered (least recently used evicted first), keyed by model and text: a
 * repeated question (ask after search, a retried request, TRACE's sub-queries, a benchmark's strategies) skips
 * the encoder. Concurrent requests for the same text share one encoder call. Passages are never cached.
 */
export class QueryCachingEmbedder implements Embedder {
  private readonly vectors = new Map<string, Promise<Float32Array>>();

  constructor(
    private readonly inner: Embedder,
    private readonly capacity = DEFAULT_QUERY_CACHE_SIZE,
  ) {
    if (!Number.isInteger(capacity) || capacity < 1) {
      throw new RangeError(`The query cache size must be a positive integer, got ${capacity}.`);
    }
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

  embedPassages(texts: string[]): Promise<Float32Array[]> {
    return this.inner.embedPassages(texts);
  }

  async embedQuery(text: string): Promise<Float32Array> {
    const key = `${this.inner.modelName}\u0000${text}`;
    let vector = this.vectors.get(key);
    if (vector) {
      // Map keeps insertion order: re-inserting marks the entry most recently used.
      this.vectors.delete(key);
    } else {
      vector = this.inner.embedQuery(text);
      // A failed call is not remembered, so the next request tries again.
      const pending = vector;
      pending.catch(() => {
        if (this.vectors.get(key) === pending) this.vectors.delete(key);
      });
    }
    this.vectors.set(key, vector);
    const oldest = this.vectors.keys().next();
    if (this.vectors.size > this.capacity && !oldest.done) this.vectors.delete(oldest.value);
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
