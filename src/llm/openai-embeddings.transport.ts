import OpenAI from 'openai';

/** One embeddings request: the model, the texts, and the vector length to ask for (models that can shorten). */
export interface EmbeddingsRequest {
  model: string;
  input: string[];
  dimensions?: number;
}

/**
 * Embeddings from any OpenAI-compatible server (OpenAI, vLLM, Ollama, LM Studio, TEI), for embed's openai backend:
 * llm owns the openai client, embed owns batching, checks and errors; the composition root hands this over.
 */
export class OpenAiEmbeddingsTransport {
  private readonly client: OpenAI;

  constructor(endpoint: { baseUrl: string; apiKey: string }) {
    // Local servers often need no key, but the client insists on one.
    this.client = new OpenAI({ baseURL: endpoint.baseUrl, apiKey: endpoint.apiKey || 'none', maxRetries: 3 });
  }

  /** The vectors of `input`, in input order (servers may answer in any order). */
  async embed(request: EmbeddingsRequest): Promise<number[][]> {
    const response = await this.client.embeddings.create({
      model: request.model,
      input: request.input,
      encoding_format: 'float',
      ...(request.dimensions === undefined ? {} : { dimensions: request.dimensions }),
    });
    return [...response.data].sort((a, b) => a.index - b.index).map((item) => item.embedding);
  }
}
