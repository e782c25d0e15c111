import { GraphQLError, GraphQLFormattedError } from 'graphql';
import { GraphError, GraphErrorCode } from '../graph/graph.errors';
import { QueryLimitError } from './query-limits.errors';

/** Errors the API raises itself (bad arguments, unknown ids). */
export class ApiError extends Error {
  constructor(
    readonly code: 'BAD_USER_INPUT' | 'NOT_FOUND',
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A feature error that carries its own string code (ingest, retrieve, …) and how the API should present it. */
export interface CodedError extends Error {
  code: string;
  /** The GraphQL `extensions.code` class for this error; defaults to INTERNAL_SERVER_ERROR. */
  apiCode?: string;
}

const GRAPH_CODES: Record<GraphErrorCode, string> = {
  [GraphErrorCode.NEO4J_UNAVAILABLE]: 'SERVICE_UNAVAILABLE',
  [GraphErrorCode.NEO4J_AUTH_FAILED]: 'SERVICE_UNAVAILABLE',
  [GraphErrorCode.CONSTRAINT_VIOLATION]: 'CONFLICT',
  [GraphErrorCode.QUERY_FAILED]: 'INTERNAL_SERVER_ERROR',
  [GraphErrorCode.QUERY_TIMED_OUT]: 'QUERY_TOO_COMPLEX',
  [GraphErrorCode.EMBEDDING_MODEL_MISMATCH]: 'FAILED_PRECONDITION',
};

/** The API edge: turns the features' error codes into GraphQL `extensions.code` (+ the feature's own `reason`). */
export function formatGraphQLError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = error instanceof GraphQLError ? error.originalError : error;
  const ext = { ...formatted.extensions };
  delete ext.stacktrace;
  if (original instanceof ApiError) {
    return { ...formatted, extensions: { ...ext, code: original.code } };
  }
  if (original instanceof QueryLimitError) {
    return {
      ...formatted,
      extensions: { ...ext, code: 'QUERY_TOO_COMPLEX', reason: original.limit, limit: original.max },
    };
  }
  if (original instanceof GraphError) {
    return { ...formatted, extensions: { ...ext, code: GRAPH_CODES[original.code], reason: original.code } };
  }
  const coded = original instanceof Error ? (original as Partial<CodedError>) : undefined;
  if (coded && typeof coded.code === 'string') {
    return {
      ...formatted,
      extensions: { ...ext, code: coded.apiCode ?? 'INTERNAL_SERVER_ERROR', reason: coded.code },
    };
  }
  return { ...formatted, extensions: ext };
}
