import { Module } from '@nestjs/common';
import { ApiModule } from './api/api.module';
import { ConfigModule } from './config/config.module';
import { FOLIO_CONFIG } from './config/config.tokens';
import type { FolioConfig } from './config/folio-config';
import type { EmbedConfig } from './embed/embed.config';
import { EmbedModule } from './embed/embed.module';
import type { OnnxEmbeddingModelName } from './embed/model-catalogue';
import { AnalyticsModule } from './analytics/analytics.module';
import { EnrichModule } from './enrich/enrich.module';
import { GraphModule } from './graph/graph.module';
import { IngestModule } from './ingest/ingest.module';
import { RetrieveModule } from './retrieve/retrieve.module';
import { OpenAiEmbeddingsTransport } from './llm/openai-embeddings.transport';

/** The embed module's settings, from the one validated configuration. */
export function embedConfigFrom(config: FolioConfig): EmbedConfig {
  const e = config.embedder;
  return {
    embedder:
      e.backend === 'onnx'
        ? {
            backend: 'onnx',
            model: e.model as OnnxEmbeddingModelName,
            batchSize: e.batchSize,
            threads: e.threads,
          }
        : {
            backend: 'openai',
            baseUrl: e.baseUrl,
            apiKey: e.apiKey,
            model: e.model,
            dimension: e.dimension,
            batchSize: e.batchSize,
          },
    reranker: {
      modelDir: config.rerankerPath,
      threads: e.backend === 'onnx' ? e.threads : undefined,
    },
    // embed may not import llm, which owns the openai client: the composition root hands its transport over.
    openTransport: (endpoint) => new OpenAiEmbeddingsTransport(endpoint),
  };
}

/** What every Folio process runs on: the one configuration, the graph (global) and embeddings (global). */
export const CORE_MODULES = [
  ConfigModule,
  GraphModule,
  EmbedModule.forRootAsync({ inject: [FOLIO_CONFIG], useFactory: embedConfigFrom }),
];

/** The features the API and the CLI drive (each imports the modules it needs itself). */
export const FEATURE_MODULES = [IngestModule, RetrieveModule, EnrichModule, AnalyticsModule];

/** The service: the core and the API, which imports the features it serves. */
@Module({ imports: [...CORE_MODULES, ApiModule] })
export class AppModule {}
