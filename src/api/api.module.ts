import { ApolloDriver, ApolloDriverConfig } from '@nestjs/apollo';
import { Module } from '@nestjs/common';
import { GraphQLModule } from '@nestjs/graphql';
import * as path from 'node:path';
import { PROJECT_ROOT } from '../common/local-paths';
import { DocumentResolver } from './document.resolver';
import { formatGraphQLError } from './graphql-errors';
import { HealthResolver } from './health.resolver';

@Module({
  imports: [
    GraphQLModule.forRoot<ApolloDriverConfig>({
      driver: ApolloDriver,
      typePaths: [path.join(PROJECT_ROOT, 'schema.graphql')],
      formatError: formatGraphQLError,
      includeStacktraceInErrorResponses: false,
    }),
  ],
  providers: [HealthResolver, DocumentResolver],
})
export class ApiModule {}
