// Neo4j failures translated into errors a caller can act on; only the API edge turns codes into GraphQL errors.
export enum GraphErrorCode {
  NEO4J_UNAVAILABLE = 'NEO4J_UNAVAILABLE',
  NEO4J_AUTH_FAILED = 'NEO4J_AUTH_FAILED',
  CONSTRAINT_VIOLATION = 'CONSTRAINT_VIOLATION',
  QUERY_FAILED = 'QUERY_FAILED',
  EMBEDDING_MODEL_MISMATCH = 'EMBEDDING_MODEL_MISMATCH',
}

export class GraphError extends Error {
  constructor(
    readonly code: GraphErrorCode,
    message: string,
    readonly neo4jCode?: string,
  ) {
    super(message);
    this.name = 'GraphError';
  }
}
