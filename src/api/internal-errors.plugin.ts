import type { ApolloServerPlugin } from '@apollo/server';
import { Logger } from '@nestjs/common';
import { GraphQLError } from 'graphql';
import { presentError } from './error-map';
import { rootCause } from './graphql-errors';
import type { GraphQLRequestContext } from './request-cache';

/**
 * Every INTERNAL_SERVER_ERROR carries the request id its log line has. The exception filter logs what resolvers
 * throw; this catches what never reaches it (errors raised in plugins or outside a Nest resolver), so no internal
 * error goes out promising a request id it does not carry.
 */
export function internalErrorsPlugin(): ApolloServerPlugin<GraphQLRequestContext> {
  const logger = new Logger('GraphQL');
  return {
    async requestDidStart() {
      return {
        async didEncounterErrors({ errors, contextValue }) {
          for (const error of errors) {
            if (error.extensions.requestId !== undefined) continue; // the exception filter logged it
            const cause = rootCause(error);
            if (cause instanceof GraphQLError || presentError(cause).expected) continue; // GraphQL's or the caller's
            const requestId = contextValue?.requestId ?? 'unknown';
            const detail = cause instanceof Error ? (cause.stack ?? cause.message) : String(cause);
            logger.error(`request ${requestId}: ${detail}`);
            (error.extensions as Record<string, unknown>).requestId = requestId;
          }
        },
      };
    },
  };
}
