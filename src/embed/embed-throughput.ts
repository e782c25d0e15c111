import type { Embedder } from './embedder';

export interface EmbeddingThroughput {
  modelName: string;
  passages: number;
  /** Mean tokens per passage (countTokens, special tokens included). */
  meanTokens: number;
  seconds: number;
  passagesPerSecond: number;
  tokensPerSecond: number;
}

/**
 * Times embedPassages over `texts` (after a small warm-up call, so one-off graph initialisation is not counted).
 * The embedder's own batching applies, as in ingestion.
 */
export async function measureEmbeddingThroughput(
  embedder: Embedder,
  texts: string[],
  opts: { warmup?: boolean } = {},
): Promise<EmbeddingThroughput> {
  if (texts.length === 0) throw new RangeError('measureEmbeddingThroughput needs at least one text');
  if (opts.warmup ?? true) await embedder.embedPassages(texts.slice(0, Math.min(4, texts.length)));
  const tokens = texts.reduce((sum, t) => sum + embedder.countTokens(t), 0);
  const start = process.hrtime.bigint();
  const vectors = await embedder.embedPassages(texts);
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (vectors.length !== texts.length)
    throw new Error(`Embedder returned ${vectors.length} vectors for ${texts.length} texts`);
  return {
    modelName: embedder.modelName,
    passages: texts.length,
    meanTokens: tokens / texts.length,
    seconds,
    passagesPerSecond: texts.length / seconds,
    tokensPerSecond: tokens / seconds,
  };
}
