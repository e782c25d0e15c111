import { chunk } from '../common/concurrency';
import { l2Normalize, requirePositiveInteger } from './batching';
import type { EmbeddingsTransport, OpenAiEmbedderConfig } from './embed.config';
import { EmbedError, EmbedErrorCode } from './embed.errors';
import type { Embedder } from './embedder';

export const DEFAULT_OPENAI_BATCH_SIZE = 64;
export const DEFAULT_OPENAI_MAX_TOKENS = 8191;
/** Without the server's tokenizer we over-estimate (English runs ~4 chars/token) so split text still fits. */
const CHARS_PER_TOKEN_ESTIMATE = 3;

/** Embeddings from any OpenAI-compatible server (OpenAI, vLLM, Ollama, LM Studio, TEI) over llm's transport. */
export class OpenAiCompatibleEmbedder implements Embedder {
  readonly modelName: string;
  readonly dimension: number;
  readonly maxTokens: number;
  private readonly batchSize: number;

  constructor(
    private readonly config: OpenAiEmbedderConfig,
    private readonly transport: EmbeddingsTransport,
  ) {
    if (!config.baseUrl)
      throw new EmbedError(EmbedErrorCode.INVALID_CONFIG, 'The openai embedder needs a baseUrl.');
    if (!config.model)
      throw new EmbedError(EmbedErrorCode.INVALID_CONFIG, 'The openai embedder needs a model name.');
    this.modelName = config.model;
    this.dimension = requirePositiveInteger('dimension', config.dimension);
    this.maxTokens = requirePositiveInteger('maxTokens', config.maxTokens ?? DEFAULT_OPENAI_MAX_TOKENS);
    this.batchSize = requirePositiveInteger('batchSize', config.batchSize ?? DEFAULT_OPENAI_BATCH_SIZE);
  }

  async embedPassages(texts: string[]): Promise<Float32Array[]> {
    const vectors: Float32Array[] = [];
    for (const batch of chunk(texts, this.batchSize)) vectors.push(...(await this.request(batch)));
    return vectors;
  }

  async embedQuery(text: string): Promise<Float32Array> {
    const [vector] = await this.request([text]);
    return vector as Float32Array;
  }

  countTokens(text: string): number {
    return Math.ceil(text.length / CHARS_PER_TOKEN_ESTIMATE);
  }

  async close(): Promise<void> {}

  private async request(texts: string[]): Promise<Float32Array[]> {
    let data: number[][];
    try {
      data = await this.transport.embed({
        model: this.config.model,
        // OpenAI rejects empty strings; a space embeds as "nothing".
        input: texts.map((t) => (t.length > 0 ? t : ' ')),
        ...(this.config.requestDimensions ? { dimensions: this.dimension } : {}),
      });
    } catch (err) {
      throw new EmbedError(
        EmbedErrorCode.BACKEND_FAILED,
        `Embedding request to ${this.config.baseUrl} (model ${this.config.model}) failed: ${(err as Error).message}`,
        { cause: err },
      );
    }
    if (data.length !== texts.length) {
      throw new EmbedError(
        EmbedErrorCode.BACKEND_FAILED,
        `${this.config.baseUrl} returned ${data.length} embeddings for ${texts.length} inputs (model ${this.config.model}).`,
      );
    }
    return data.map((embedding) => {
      if (embedding.length !== this.dimension) {
        throw new EmbedError(
          EmbedErrorCode.DIMENSION_MISMATCH,
          `Model ${this.config.model} at ${this.config.baseUrl} returned ${embedding.length}-dimensional vectors, ` +
            `but the embedder is configured for ${this.dimension}. Set the dimension to ${embedding.length} ` +
            `(and re-embed stored documents) or pick a model that returns ${this.dimension}.`,
        );
      }
      return l2Normalize(Float32Array.from(embedding));
    });
  }
}
