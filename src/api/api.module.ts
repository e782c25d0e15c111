import { ApolloDriver, ApolloDriverConfig } from '@nestjs/apollo';
import { Inject, MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { GraphQLModule } from '@nestjs/graphql';
import { GraphQLUpload, graphqlUploadExpress } from 'graphql-upload-minimal';
import * as path from 'node:path';
import { PROJECT_ROOT } from '../common/local-paths';
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
import { DocumentResolver } from './document.resolver';
import { ENRICH_RESOLVERS } from './enrich.resolver';
import { CrossReferenceResolver, ElementResolver } from './element.resolver';
import { formatGraphQLError } from './graphql-errors';
import { GraphQLExceptionFilter } from './graphql-exception.filter';
import { HealthController } from './health.controller';
import { HealthResolver } from './health.resolver';
import { IngestResolver } from './ingest.resolver';
import { PageImageController } from './page-image.controller';
import { PageResolver } from './page.resolver';
import {
  ElementEvidenceResolver,
  EvidenceStepResolver,
  PageHitResolver,
  RetrieveResolver,
} from './retrieve.resolver';
import { queryLimitsPlugin } from './query-limits.plugin';
import type { GraphQLRequestContext } from './request-cache';
import { RequestLoaders } from './request-loaders';
import { SectionResolver } from './section.resolver';
import { StartupRecovery } from './startup-recovery';

/** The GraphQL API (schema-first, Apollo) and the page-image endpoint; resolvers stay thin. */
@Module({
  imports: [
    IngestModule,
    RetrieveModule,
    EnrichModule,
    SummariesModule,
    GraphQLModule.forRootAsync<ApolloDriverConfig>({
      driver: ApolloDriver,
      imports: [EnrichModule, SummariesModule],
      inject: [
        FOLIO_CONFIG,
        ContentRepository,
        DocumentRepository,
        EvolutionRepository,
        SimilarityRepository,
        SummariesRepository,
      ],
      useFactory: (
        config: FolioConfig,
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
        plugins: [queryLimitsPlugin(config.graphql)],
        // Apollo's own guard against fragment explosions, checked before the cost limits walk the query.
        maxRecursiveSelections: true,
        context: (): GraphQLRequestContext => ({
          loaders: new RequestLoaders({ content, documents, evolution, similarity, summaries }),
          cache: new Map(),
        }),
      }),
    }),
  ],
  controllers: [PageImageController, HealthController],
  providers: [
    { provide: APP_FILTER, useClass: GraphQLExceptionFilter },
    StartupRecovery,
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
    ...ENRICH_RESOLVERS,
  ],
})
export class ApiModule implements NestModule {
  constructor(@Inject(FOLIO_CONFIG) private readonly config: FolioConfig) {}

  configure(consumer: MiddlewareConsumer): void {
    // Multipart uploads (GraphQL multipart request spec); Apollo's CSRF guard then wants an
    // `apollo-require-preflight` header on them, which clients such as apollo-upload-client send.
    consumer
      // One byte over the limit: busboy marks a file that reaches its limit as truncated, and readUpload judges.
      .apply(graphqlUploadExpress({ maxFileSize: this.config.limits.maxUploadBytes + 1, maxFiles: 1 }))
      .forRoutes('graphql');
  }
}
