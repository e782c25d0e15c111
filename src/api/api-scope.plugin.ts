import type { ApolloServerPlugin, GraphQLRequestListener } from '@apollo/server';
import { GraphQLError } from 'graphql';
import { assertMayRun } from './api-keys';
import { AuthError } from './auth.errors';
import { presentError } from './error-map';
import type { GraphQLRequestContext } from './request-cache';

/** Refuses a mutation from a read-only key before any resolver runs (403, FORBIDDEN, ADMIN_SCOPE_REQUIRED). */
export function apiScopePlugin(): ApolloServerPlugin<GraphQLRequestContext> {
  return {
    async requestDidStart(): Promise<GraphQLRequestListener<GraphQLRequestContext>> {
      return {
        async didResolveOperation({ operation, contextValue }) {
          if (!operation) return;
          try {
            assertMayRun(contextValue.scope, operation.operation);
          } catch (err) {
            if (!(err instanceof AuthError)) throw err;
            throw new GraphQLError(err.message, {
              originalError: err,
              extensions: { http: { status: presentError(err).status } },
            });
          }
        },
      };
    },
  };
}
