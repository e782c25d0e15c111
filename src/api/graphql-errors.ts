import { GraphQLError, GraphQLFormattedError } from 'graphql';
import { presentError } from './error-map';
import { QueryLimitError } from './query-limits.errors';

/**
 * The API edge for GraphQL: a Folio error gets `extensions.code` from the error map and its module code as
 * `reason`; an unexpected error keeps only a generic message (the filter logged it under `requestId`). Errors
 * GraphQL raises itself (syntax, validation, variable coercion) keep their own code and message.
 */
export function formatGraphQLError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = rootCause(error);
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

/**
 * The error under GraphQL's wrappers: graphql-js wraps what a resolver threw (here the exception filter's
 * GraphQLError, itself wrapping the bug) once more to add its path, so one level of unwrapping is not enough.
 */
export function rootCause(error: unknown): unknown {
  let current = error;
  while (current instanceof GraphQLError && current.originalError) current = current.originalError;
  return current;
}
