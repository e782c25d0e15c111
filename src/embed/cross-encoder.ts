import { BertTokenizer, type EncodedInput, type TextEncoder } from './bert-tokenizer';
import { requirePositiveInteger, runInLengthSortedBatches, sigmoid } from './batching';
import type { RerankerConfig } from './embed.config';
import { EmbedError, EmbedErrorCode } from './embed.errors';
import { ensureRerankerModel } from './model-assets';
import { OnnxSessionPool, type EncoderRunner } from './onnx-session';

/**
 * The pinned int8 cross-encoder quantises activations per batch, so a pair's score would depend on the other
 * pairs in its batch (logits moved by up to 0.4 in tests); one pair per call keeps scores stable and measured no
 * slower on 2 cores. A user-supplied model folder (possibly fp32) batches 16 pairs by default.
 */
export const DEFAULT_RERANK_BATCH_SIZE = 1;
export const DEFAULT_EXTERNAL_RERANK_BATCH_SIZE = 16;
export const CROSS_ENCODER_MAX_TOKENS = 512;

export interface LoadedCrossEncoder {
  tokenizer: TextEncoder;
  runner: EncoderRunner;
}

/**
 * Cross-encoder re-ranker (ms-marco-MiniLM-L-12-v2 int8 by default): scores (query, passage) pairs jointly and
 * returns sigmoid(logit) in 0–1. The model loads on first use, so services that never re-rank pay nothing.
 */
export class CrossEncoderReranker {
  private loaded: Promise<LoadedCrossEncoder> | undefined;
  private closed = false;
  private readonly batchSize: number;

  constructor(
    private readonly load: () => Promise<LoadedCrossEncoder>,
    opts: { batchSize?: number } = {},
  ) {
    this.batchSize = requirePositiveInteger('batchSize', opts.batchSize ?? DEFAULT_RERANK_BATCH_SIZE);
  }

  static fromConfig(config: RerankerConfig = {}): CrossEncoderReranker {
    const threads = requirePositiveInteger('threads', config.threads ?? 2);
    return new CrossEncoderReranker(
      async () => {
        const installed = await ensureRerankerModel({ dir: config.modelDir });
        const tokenizer = BertTokenizer.fromFile(installed.tokenizerPath);
        const runner = await OnnxSessionPool.load(installed.modelPath, { threads });
        return { tokenizer, runner };
      },
      {
        batchSize:
          config.batchSize ??
          (config.modelDir ? DEFAULT_EXTERNAL_RERANK_BATCH_SIZE : DEFAULT_RERANK_BATCH_SIZE),
      },
    );
  }

  /** Relevance of each passage to the query, 0–1, in passage order. */
  async score(query: string, passages: string[]): Promise<number[]> {
    if (passages.length === 0) return [];
    const logits = await this.logits(query, passages);
    return logits.map(sigmoid);
  }

  /** Raw logits, in passage order (score() is their sigmoid). */
  async logits(query: string, passages: string[]): Promise<number[]> {
    if (passages.length === 0) return [];
    const { tokenizer, runner } = await this.ensureLoaded();
    const inputs = passages.map((p) => tokenizer.encodePair(query, p, CROSS_ENCODER_MAX_TOKENS));
    return runInLengthSortedBatches(
      inputs,
      (i) => i.ids.length,
      this.batchSize,
      (batch) => this.runBatch(runner, tokenizer.padId, batch),
      runner.concurrency,
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    const loaded = this.loaded;
    this.loaded = undefined;
    if (!loaded) return;
    const { runner } = await loaded.catch(() => ({ runner: undefined }));
    await runner?.close();
  }

  private ensureLoaded(): Promise<LoadedCrossEncoder> {
    if (this.closed) return Promise.reject(new EmbedError(EmbedErrorCode.CLOSED, 'The re-ranker is closed.'));
    if (!this.loaded) {
      this.loaded = this.load();
      // A failed load (e.g. the model is not fetched yet) is retried on the next call.
      this.loaded.catch(() => (this.loaded = undefined));
    }
    return this.loaded;
  }

  private async runBatch(runner: EncoderRunner, padId: number, batch: EncodedInput[]): Promise<number[]> {
    const { data, dims } = await runner.run(batch, padId);
    if (dims[0] !== batch.length || data.length !== batch.length) {
      throw new EmbedError(
        EmbedErrorCode.INVALID_CONFIG,
        `The cross-encoder returned logits of shape [${dims.join(', ')}]; expected one logit per pair ([${batch.length}, 1]).`,
      );
    }
    return Array.from(data);
  }
}
