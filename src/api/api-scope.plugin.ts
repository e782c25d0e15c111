import type { ApolloServerPlugin, GraphQLRequestListener } from '@apollo/server';
import {
  GraphQLError,
  Kind,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { API_KEY_FIELDS, assertScope, requiredScope } from './api-keys';
import { AuthError } from './auth.errors';
import { presentError } from './error-map';
import type { GraphQLRequestContext } from './request-cache';

/** True when the operation's root selection (through fragments) names an API key field. */
export function touchesApiKeys(
  operation: OperationDefinitionNode,
  fragments: Record<string, FragmentDefinitionNode>,
): boolean {
  const seen = new Set<string>();
  const walk = (set: SelectionSetNode): boolean =>
    set.selections.some((s) => {
      if (s.kind === Kind.FIELD) return API_KEY_FIELDS.has(s.name.value);
      if (s.kind === Kind.INLINE_FRAGMENT) return walk(s.selectionSet);
      const name = s.name.value;
      if (seen.has(name)) return false;
      seen.add(name);
      const fragment = fragments[name];
      return fragment ? walk(fragment.selectionSet) : false;
    });
  return walk(operation.selectionSet);
}

/** What the plugin asks of the key service: that a request let in without a key may still write. */
export interface OpenApiCheck {
  assertOpenForWrite(): Promise<void>;
}

/**
 * Refuses, before any resolver runs, what the request's key may not do (403, FORBIDDEN): mutations need `write`,
 * API key management (`apiKeys`, `createApiKey`, `revokeApiKey`) `admin`. A request without a key (the API is
 * open) that writes is let through only after Neo4j confirms, now, that no key exists (401 otherwise).
 */
export function apiScopePlugin(keys: OpenApiCheck): ApolloServerPlugin<GraphQLRequestContext> {
  return {
    async requestDidStart(): Promise<GraphQLRequestListener<GraphQLRequestContext>> {
      return {
        async didResolveOperation({ operation, contextValue, document }) {
          if (!operation) return;
          const fragments: Record<string, FragmentDefinitionNode> = {};
          for (const d of document.definitions)
            if (d.kind === Kind.FRAGMENT_DEFINITION) fragments[d.name.value] = d;
          try {
            const needed = requiredScope(operation.operation, touchesApiKeys(operation, fragments));
            if (needed !== 'read' && contextValue.anonymous) await keys.assertOpenForWrite();
            assertScope(contextValue.scope, needed);
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
