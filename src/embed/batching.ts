/**
 * Runs `items` through `runBatch` in batches of similar length (longest first) so padding stays small, at most
 * `concurrency` batches at a time, and returns the results in the original order.
 */
export async function runInLengthSortedBatches<T, R>(
  items: readonly T[],
  lengthOf: (item: T) => number,
  batchSize: number,
  runBatch: (batch: T[]) => Promise<R[]>,
  concurrency = 1,
): Promise<R[]> {
  const order = items.map((item, index) => ({ index, length: lengthOf(item) }));
  order.sort((x, y) => y.length - x.length || x.index - y.index);
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < order.length) {
      const slice = order.slice(next, next + batchSize);
      next += batchSize;
      const batch = slice.map(({ index }) => items[index] as T);
      const out = await runBatch(batch);
      if (out.length !== batch.length)
        throw new Error(`A batch of ${batch.length} inputs returned ${out.length} results`);
      slice.forEach(({ index }, i) => (results[index] = out[i] as R));
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, order.length)) }, lane));
  return results;
}

export function l2Normalize(vector: Float32Array): Float32Array {
  let sum = 0;
  for (const v of vector) sum += v * v;
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let i = 0; i < vector.length; i++) vector[i] = (vector[i] as number) / norm;
  return vector;
}

/** Logistic function, stable for large |x|. */
export function sigmoid(x: number): number {
  if (x >= 0) return 1 / (1 + Math.exp(-x));
  const e = Math.exp(x);
  return e / (1 + e);
}

export function requirePositiveInteger(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1)
    throw new RangeError(`${name} must be a positive integer, got ${value}`);
  return value;
}
