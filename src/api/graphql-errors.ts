import { GraphQLError, GraphQLFormattedError } from 'graphql';
import { presentError } from './error-map';
import { QueryLimitError } from './query-limits.errors';

/**
 * The API edge for GraphQL: a Folio error gets `extensions.code` from the error map and its module code as
 * `reason`; an unexpected error keeps only a generic message (the filter logged it under `requestId`). Errors
 * GraphQL raises itself (syntax, validation, variable coercion) keep their own code and message.
 */
export function formatGraphQLError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = error instanceof GraphQLError ? error.originalError : error;
  const ext = { ...formatted.extensions };
  delete ext.stacktrace;
  if (!(original instanceof Error) || original instanceof GraphQLError)
    return { ...formatted, extensions: ext };
  const presented = presentError(original);
  const extensions: Record<string, unknown> = { ...ext, code: presented.code };
  if (presented.reason) extensions.reason = presented.reason;
  if (original instanceof QueryLimitError) extensions.limit = original.max;
  return { ...formatted, message: presented.message, extensions };
}
