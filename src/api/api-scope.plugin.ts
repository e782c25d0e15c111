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

/**
 * Refuses, before any resolver runs, what the request's key may not do (403, FORBIDDEN): mutations need `write`,
 * API key management (`apiKeys`, `createApiKey`, `revokeApiKey`) `admin`.
 */
export function apiScopePlugin(): ApolloServerPlugin<GraphQLRequestContext> {
  return {
    async requestDidStart(): Promise<GraphQLRequestListener<GraphQLRequestContext>> {
      return {
        async didResolveOperation({ operation, contextValue, document }) {
          if (!operation) return;
          const fragments: Record<string, FragmentDefinitionNode> = {};
          for (const d of document.definitions)
            if (d.kind === Kind.FRAGMENT_DEFINITION) fragments[d.name.value] = d;
          try {
            assertScope(
              contextValue.scope,
              requiredScope(operation.operation, touchesApiKeys(operation, fragments)),
            );
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
