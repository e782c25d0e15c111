import type { EmbedderConfig, OpenAiEmbedderConfig, OpenEmbeddingsTransport } from './embed.config';
import { EmbedError, EmbedErrorCode } from './embed.errors';
import type { Embedder } from './embedder';
import { embeddingModelSpec, type OnnxEmbeddingModelName } from './model-catalogue';
import { OnnxEmbedder, type OnnxEmbedderOptions } from './onnx-embedder';
import { OpenAiCompatibleEmbedder } from './openai-embedder';

export interface EmbedderFactoryDeps {
  loadOnnx: (model: OnnxEmbeddingModelName, opts: OnnxEmbedderOptions) => Promise<Embedder>;
  createOpenAi: (config: OpenAiEmbedderConfig) => Embedder;
}

/** The real backends; the openai one over the transport `openTransport` opens. */
export function embedderDeps(openTransport?: OpenEmbeddingsTransport): EmbedderFactoryDeps {
  return {
    loadOnnx: (model, opts) => OnnxEmbedder.load(model, opts),
    createOpenAi: (config) => {
      if (!openTransport)
        throw new EmbedError(
          EmbedErrorCode.INVALID_CONFIG,
          'The openai embedder needs an embeddings transport: configure EmbedModule with embedConfigFrom (src/app.module.ts).',
        );
      return new OpenAiCompatibleEmbedder(config, openTransport(config));
    },
  };
}

/** Builds the configured embedder; the ONNX backend installs its model on first use. */
export async function createEmbedder(
  config: EmbedderConfig,
  deps: EmbedderFactoryDeps = embedderDeps(),
): Promise<Embedder> {
  switch (config.backend) {
    case 'onnx': {
      const spec = embeddingModelSpec(config.model);
      return deps.loadOnnx(spec.name, { batchSize: config.batchSize, threads: config.threads });
    }
    case 'openai':
      return deps.createOpenAi(config);
    default: {
      const backend = (config as { backend?: unknown }).backend;
      throw new EmbedError(
        EmbedErrorCode.INVALID_CONFIG,
        `Unknown embedder backend '${String(backend)}': use 'onnx' or 'openai'.`,
      );
    }
  }
}
