import type { OnnxEmbeddingModelName } from './model-catalogue';

export interface OnnxEmbedderConfig {
  backend: 'onnx';
  model: OnnxEmbeddingModelName;
  /** Texts per inference call; default 32 for fp32, 1 for int8 (batch-independent vectors, see model-catalogue.ts). */
  batchSize?: number;
  /** Cores inference may use: one worker thread with a single-threaded onnxruntime session each; default 2. */
  threads?: number;
}

export interface OpenAiEmbedderConfig {
  backend: 'openai';
  /** An OpenAI-compatible API root, e.g. https://api.openai.com/v1 or http://localhost:11434/v1. */
  baseUrl: string;
  apiKey: string;
  model: string;
  /** Dimension the server must return; checked on every response. */
  dimension: number;
  /** Texts per request; default 64. */
  batchSize?: number;
  /** Model context in tokens (countTokens is an estimate for this backend); default 8191. */
  maxTokens?: number;
  /** Send `dimensions` in the request (for models that can shorten vectors, e.g. text-embedding-3-*). */
  requestDimensions?: boolean;
}

export type EmbedderConfig = OnnxEmbedderConfig | OpenAiEmbedderConfig;

export interface RerankerConfig {
  /** A folder with model.onnx + tokenizer.json of another cross-encoder; the pinned default when omitted. */
  modelDir?: string;
  /** Pairs per inference call; default 1 for the pinned int8 model (batch-independent scores), 16 for modelDir. */
  batchSize?: number;
  /** Cores inference may use: one worker thread with a single-threaded onnxruntime session each; default 2. */
  threads?: number;
}

/** An OpenAI-compatible embeddings endpoint: the vectors of `input`, in input order. */
export interface EmbeddingsTransport {
  embed(request: { model: string; input: string[]; dimensions?: number }): Promise<number[][]>;
}

/** Opens the transport of the openai backend; llm exports one, which the composition root hands to embed. */
export type OpenEmbeddingsTransport = (endpoint: { baseUrl: string; apiKey: string }) => EmbeddingsTransport;

export interface EmbedConfig {
  embedder: EmbedderConfig;
  reranker?: RerankerConfig;
  /** Needed by the openai backend only (src/app.module.ts embedConfigFrom passes llm's). */
  openTransport?: OpenEmbeddingsTransport;
}
