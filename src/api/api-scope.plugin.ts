import type { ApolloServerPlugin, GraphQLRequestListener } from '@apollo/server';
import { GraphQLError } from 'graphql';
import { assertScope } from './api-keys';
import { AuthError } from './auth.errors';
import { presentError } from './error-map';
import { requiredScope } from './field-scopes';
import type { GraphQLRequestContext } from './request-cache';

/** What the plugin asks of the key service: that a request let in without a key may still write. */
export interface OpenApiCheck {
  assertOpenForWrite(): Promise<void>;
}

/**
 * Refuses, before any resolver runs, what the request's key may not do (403, FORBIDDEN): what each field and
 * argument needs is declared in schema.graphql with @requiresScope (field-scopes.ts reads it). A request without
 * a key (the API is open) that writes is let through only after Neo4j confirms, now, that no key exists (401).
 */
export function apiScopePlugin(keys: OpenApiCheck): ApolloServerPlugin<GraphQLRequestContext> {
  return {
    async requestDidStart(): Promise<GraphQLRequestListener<GraphQLRequestContext>> {
      return {
        async didResolveOperation({ operation, contextValue, document, schema, request }) {
          if (!operation) return;
          try {
            const need = requiredScope(schema, document, operation, request.variables ?? {});
            if (need.scope !== 'read' && contextValue.anonymous) await keys.assertOpenForWrite();
            assertScope(contextValue.scope, need.scope, need.what);
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
