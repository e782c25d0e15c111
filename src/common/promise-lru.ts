/**
 * Values computed at most once per key and kept, least recently used evicted first. Concurrent callers of one key
 * share one computation; a failed computation is not kept, so the next call tries again.
 */
export class PromiseLru<V> {
  private readonly entries = new Map<string, Promise<V>>();

  constructor(private readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) {
      throw new RangeError(`A cache's capacity must be a positive integer, got ${capacity}.`);
    }
  }

  get(key: string, compute: () => Promise<V>): Promise<V> {
    let value = this.entries.get(key);
    if (value) {
      // Map keeps insertion order: re-inserting marks the entry most recently used.
      this.entries.delete(key);
    } else {
      const pending = compute();
      pending.catch(() => {
        if (this.entries.get(key) === pending) this.entries.delete(key);
      });
      value = pending;
    }
    this.entries.set(key, value);
    const oldest = this.entries.keys().next();
    if (this.entries.size > this.capacity && !oldest.done) this.entries.delete(oldest.value);
    return value;
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }
}
