import { BertTokenizer, type EncodedInput, type TextEncoder } from './bert-tokenizer';
import { l2Normalize, requirePositiveInteger, runInLengthSortedBatches } from './batching';
import { EmbedError, EmbedErrorCode } from './embed.errors';
import type { Embedder } from './embedder';
import { type EmbeddingModelSpec, type OnnxEmbeddingModelName } from './model-catalogue';
import { ensureEmbeddingModel } from './model-assets';
import { OnnxSessionPool, type EncoderRunner } from './onnx-session';

export interface OnnxEmbedderOptions {
  /** Texts per inference call; the model's default (32 for fp32, 1 for int8, see EmbeddingModelSpec) if omitted. */
  batchSize?: number;
  threads?: number;
  /** False returns the raw [CLS] vectors (for checks against reference values); true by default. */
  normalize?: boolean;
}

export const DEFAULT_EMBED_BATCH_SIZE = 32;
export const DEFAULT_ONNX_THREADS = 2;

/** What OnnxEmbedder needs to know about its model (an EmbeddingModelSpec, or a fake in tests). */
export type EmbedderModelInfo = Pick<EmbeddingModelSpec, 'dimension' | 'maxTokens' | 'queryPrefix'> &
  Partial<Pick<EmbeddingModelSpec, 'defaultBatchSize'>> & { name: string };

/** bge-style bi-encoder: [CLS] pooling of last_hidden_state, L2-normalised, queries prefixed. */
export class OnnxEmbedder implements Embedder {
  readonly modelName: string;
  readonly dimension: number;
  readonly maxTokens: number;
  readonly batchSize: number;
  private readonly normalize: boolean;

  constructor(
    private readonly spec: EmbedderModelInfo,
    private readonly tokenizer: TextEncoder,
    private readonly runner: EncoderRunner,
    opts: OnnxEmbedderOptions = {},
  ) {
    this.modelName = spec.name;
    this.dimension = spec.dimension;
    this.maxTokens = spec.maxTokens;
    this.batchSize = requirePositiveInteger(
      'batchSize',
      opts.batchSize ?? spec.defaultBatchSize ?? DEFAULT_EMBED_BATCH_SIZE,
    );
    this.normalize = opts.normalize ?? true;
  }

  /** Installs the model if needed (from its pinned jar) and opens an onnxruntime session. */
  static async load(model: OnnxEmbeddingModelName, opts: OnnxEmbedderOptions = {}): Promise<OnnxEmbedder> {
    const threads = requirePositiveInteger('threads', opts.threads ?? DEFAULT_ONNX_THREADS);
    const installed = await ensureEmbeddingModel(model);
    const tokenizer = BertTokenizer.fromFile(installed.tokenizerPath);
    const runner = await OnnxSessionPool.load(installed.modelPath, {
      threads,
      outputName: 'last_hidden_state',
      firstTokenOnly: true,
    });
    return new OnnxEmbedder(installed.spec, tokenizer, runner, opts);
  }

  async embedPassages(texts: string[]): Promise<Float32Array[]> {
    const inputs = texts.map((t) => this.tokenizer.encode(t, this.maxTokens));
    return runInLengthSortedBatches(
      inputs,
      (i) => i.ids.length,
      this.batchSize,
      (batch) => this.embedBatch(batch),
      this.runner.concurrency,
    );
  }

  async embedQuery(text: string): Promise<Float32Array> {
    const [vector] = await this.embedBatch([
      this.tokenizer.encode(this.spec.queryPrefix + text, this.maxTokens),
    ]);
    return vector as Float32Array;
  }

  countTokens(text: string): number {
    return this.tokenizer.count(text);
  }

  /** One word piece between [CLS] and [SEP]: the vocabulary holds the word whole. */
  readonly knowsWord = (word: string): boolean => this.tokenizer.count(word) === 3;

  close(): Promise<void> {
    return this.runner.close();
  }

  private async embedBatch(batch: EncodedInput[]): Promise<Float32Array[]> {
    const { data, dims } = await this.runner.run(batch, this.tokenizer.padId);
    const [rows, width, hidden] = dims;
    if (dims.length !== 3 || rows !== batch.length || hidden !== this.dimension || width === undefined) {
      throw new EmbedError(
        EmbedErrorCode.DIMENSION_MISMATCH,
        `${this.modelName} returned an output of shape [${dims.join(', ')}], expected [${batch.length}, seq, ${this.dimension}].`,
      );
    }
    return batch.map((_, r) => {
      // [CLS] is the first token of each row.
      const cls = data.slice(r * width * hidden, r * width * hidden + hidden);
      return this.normalize ? l2Normalize(cls) : cls;
    });
  }
}
