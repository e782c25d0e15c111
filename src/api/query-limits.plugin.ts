import type { ApolloServerPlugin, GraphQLRequestListener } from '@apollo/server';
import { GraphQLError, getNamedType, isCompositeType } from 'graphql';
import type { GraphQLLimits } from '../config/folio-config';
import { formatGraphQLError } from './graphql-errors';
import { measureQueryCost } from './query-cost';
import { QueryLimit, QueryLimitError } from './query-limits.errors';

/**
 * GraphQL cost limits as an Apollo plugin. Before execution: depth, aliases, estimated complexity and expensive
 * root fields (a refused request touches no resolver). During execution: the number of objects resolved, so a
 * query whose lists turn out longer than estimated stops growing; its response is then one error and no data.
 */
export function queryLimitsPlugin(limits: GraphQLLimits): ApolloServerPlugin {
  return {
    async requestDidStart(): Promise<GraphQLRequestListener<Record<string, unknown>>> {
      let objects = 0;
      let overBudget: QueryLimitError | null = null;
      return {
        async didResolveOperation({ schema, document, operation, request }) {
          if (!operation) return;
          try {
            measureQueryCost(schema, document, operation, request.variables ?? {}, limits);
          } catch (err) {
            if (!(err instanceof QueryLimitError)) throw err;
            // 400 like any other query refused before execution; formatGraphQLError adds code and reason.
            throw new GraphQLError(err.message, {
              originalError: err,
              extensions: { http: { status: 400 } },
            });
          }
        },
        async executionDidStart() {
          return {
            willResolveField({ info }) {
              if (overBudget) throw overBudget;
              if (!isCompositeType(getNamedType(info.returnType))) return;
              return (error: Error | null, result: unknown) => {
                if (error || result === null || result === undefined) return;
                objects += Array.isArray(result) ? result.length : 1;
                if (objects > limits.maxResultObjects && !overBudget)
                  overBudget = new QueryLimitError(QueryLimit.MAX_RESULT_OBJECTS, limits.maxResultObjects);
              };
            },
          };
        },
        async willSendResponse({ response }) {
          if (!overBudget || response.body.kind !== 'single') return;
          // One error for the request instead of one per field cut short; partial data would only mislead.
          const result = response.body.singleResult;
          const others = (result.errors ?? []).filter(
            (e) => e.extensions?.reason !== QueryLimit.MAX_RESULT_OBJECTS,
          );
          const error = new GraphQLError(overBudget.message, { originalError: overBudget });
          result.data = null;
          result.errors = [formatGraphQLError(error.toJSON(), error), ...others];
        },
      };
    },
  };
}
