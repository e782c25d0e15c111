import { ApolloDriver, ApolloDriverConfig } from '@nestjs/apollo';
import { Inject, MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { GraphQLModule } from '@nestjs/graphql';
import { GraphQLUpload, graphqlUploadExpress } from 'graphql-upload-minimal';
import { randomUUID } from 'node:crypto';
import * as path from 'node:path';
import { PROJECT_ROOT } from '../common/local-paths';
import { AnalyticsModule } from '../analytics/analytics.module';
import { FOLIO_CONFIG } from '../config/config.tokens';
import type { FolioConfig } from '../config/folio-config';
import { ContentRepository } from '../graph/content.repository';
import { DocumentRepository } from '../graph/document.repository';
import { EnrichModule } from '../enrich/enrich.module';
import { EvolutionRepository } from '../enrich/evolution/evolution.repository';
import { SimilarityRepository } from '../enrich/similarity/similarity.repository';
import { SummariesModule } from '../enrich/summaries/summaries.module';
import { SummariesRepository } from '../enrich/summaries/summaries.repository';
import { IngestModule } from '../ingest/ingest.module';
import { RetrieveModule } from '../retrieve/retrieve.module';
import {
  AnswerBrowserQueryResolver,
  CorpusAnalyticsResolver,
  DocumentAnalyticsResolver,
} from './analytics.resolver';
import { ApiKeyMiddleware, type AuthorizedRequest } from './api-key.middleware';
import { ApiKeyResolver } from './api-key.resolver';
import { ApiKeyService } from './api-key.service';
import { ApiKeyStartupCheck } from './api-key-startup.check';
import { ApiKeysModule } from './api-keys.module';
import { apiScopePlugin } from './api-scope.plugin';
import { DocumentResolver } from './document.resolver';
import { ENRICH_RESOLVERS } from './enrich.resolver';
import { CrossReferenceResolver, ElementResolver } from './element.resolver';
import { offlineExplorerPlugin } from './explorer/offline-explorer.plugin';
import { formatGraphQLError } from './graphql-errors';
import { GRAPHQL_BODY_LIMIT_BYTES, GraphQLExceptionFilter } from './graphql-exception.filter';
import { HealthController } from './health.controller';
import { HealthResolver } from './health.resolver';
import { HostAllowListMiddleware } from './host-allow-list.middleware';
import { IngestResolver } from './ingest.resolver';
import { PageImageController } from './page-image.controller';
import { PageResolver } from './page.resolver';
import {
  CitationResolver,
  ElementEvidenceResolver,
  EvidenceStepResolver,
  PageHitResolver,
  RetrieveResolver,
} from './retrieve.resolver';
import { queryLimitsPlugin } from './query-limits.plugin';
import { internalErrorsPlugin } from './internal-errors.plugin';
import { publicUrlOf, type GraphQLRequestContext } from './request-cache';
import { RequestLoaders } from './request-loaders';
import { SectionResolver } from './section.resolver';
import { RecoverySweep } from './recovery-sweep';
import { RetrievalGate } from './retrieval-gate';
import { RetrievalWarmup } from './retrieval-warmup';

/** The client's x-request-id when it is a short plain token, else a new one (so logs cannot be forged). */
function requestIdOf(req: AuthorizedRequest): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
}

/** The GraphQL API (schema-first, Apollo) and the page-image endpoint; resolvers stay thin. */
@Module({
  imports: [
    IngestModule,
    RetrieveModule,
    EnrichModule,
    SummariesModule,
    AnalyticsModule,
    ApiKeysModule,
    GraphQLModule.forRootAsync<ApolloDriverConfig>({
      driver: ApolloDriver,
      imports: [EnrichModule, SummariesModule, ApiKeysModule],
      inject: [
        FOLIO_CONFIG,
        ApiKeyService,
        ContentRepository,
        DocumentRepository,
        EvolutionRepository,
        SimilarityRepository,
        SummariesRepository,
      ],
      useFactory: (
        config: FolioConfig,
        keys: ApiKeyService,
        content: ContentRepository,
        documents: DocumentRepository,
        evolution: EvolutionRepository,
        similarity: SimilarityRepository,
        summaries: SummariesRepository,
      ) => ({
        typePaths: [path.join(PROJECT_ROOT, 'schema.graphql')],
        resolvers: { Upload: GraphQLUpload },
        formatError: formatGraphQLError,
        includeStacktraceInErrorResponses: false,
        // Nest's default landing page (the legacy Playground) loads from a CDN: ours is self-contained, and off
        // in production (the driver then installs Apollo's disabled landing page).
        playground: false,
        plugins: [
          apiScopePlugin(keys),
          queryLimitsPlugin(config.graphql),
          internalErrorsPlugin(),
          ...(config.http.explorer ? [offlineExplorerPlugin()] : []),
        ],
        // Apollo's own guard against fragment explosions, checked before the cost limits walk the query.
        maxRecursiveSelections: true,
        context: ({ req }: { req: AuthorizedRequest }): GraphQLRequestContext => ({
          requestId: requestIdOf(req),
          // The middleware always sets it; 'read' is the safe reading should it ever not have run.
          scope: req.folioScope ?? 'read',
          anonymous: req.folioAnonymous ?? true,
          loaders: new RequestLoaders({ content, documents, evolution, similarity, summaries }),
          cache: new Map(),
          publicUrl: publicUrlOf(config.http.publicUrl, req.socket.localPort),
        }),
      }),
    }),
  ],
  controllers: [PageImageController, HealthController],
  providers: [
    { provide: APP_FILTER, useClass: GraphQLExceptionFilter },
    RecoverySweep,
    RetrievalGate,
    RetrievalWarmup,
    ApiKeyStartupCheck,
    ApiKeyResolver,
    HealthResolver,
    DocumentResolver,
    PageResolver,
    ElementResolver,
    CrossReferenceResolver,
    SectionResolver,
    IngestResolver,
    RetrieveResolver,
    PageHitResolver,
    EvidenceStepResolver,
    ElementEvidenceResolver,
    CitationResolver,
    ...ENRICH_RESOLVERS,
    DocumentAnalyticsResolver,
    CorpusAnalyticsResolver,
    AnswerBrowserQueryResolver,
  ],
})
export class ApiModule implements NestModule {
  constructor(@Inject(FOLIO_CONFIG) private readonly config: FolioConfig) {}

  configure(consumer: MiddlewareConsumer): void {
    // A foreign Host header is refused before anything else runs, on every route (and unknown ones).
    consumer.apply(HostAllowListMiddleware).forRoutes('{*path}');
    // Then API keys, so a request without a valid key is refused before an upload is read. Then multipart
    // uploads (GraphQL multipart request spec); Apollo's CSRF guard wants an `apollo-require-preflight` header on
    // them, which clients such as apollo-upload-client send.
    consumer
      .apply(
        ApiKeyMiddleware,
        // One byte over the limit: busboy marks a file that reaches its limit as truncated, and readUpload judges.
        // Every other part (operations, map) has the JSON body's limit.
        graphqlUploadExpress({
          maxFileSize: this.config.limits.maxUploadBytes + 1,
          maxFiles: 1,
          maxFieldSize: GRAPHQL_BODY_LIMIT_BYTES,
        }),
      )
      .forRoutes('graphql');
    consumer.apply(ApiKeyMiddleware).forRoutes('documents/*path');
  }
}
