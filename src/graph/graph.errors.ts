// Neo4j failures translated into errors a caller can act on; only the API edge turns codes into GraphQL errors.
import { type CodeOf, errorCodes, FolioError } from '../common/folio-error';

export const GraphErrorCode = errorCodes({
  unavailable: ['NEO4J_UNAVAILABLE', 'NEO4J_AUTH_FAILED'],
  conflict: ['CONSTRAINT_VIOLATION'],
  internal: [
    'QUERY_FAILED',
    /** A query that writes sent to a read transaction, or one that only reads to a write transaction (a bug). */
    'WRONG_ACCESS_MODE',
  ],
  /** Neo4j stopped a transaction that ran past its timeout (NEO4J_READ_TIMEOUT_MS for reads). */
  tooComplex: ['QUERY_TIMED_OUT'],
  precondition: [
    'EMBEDDING_MODEL_MISMATCH',
    /** Migrations of this build are not applied, and the command is read-only (it does not migrate). */
    'SCHEMA_OUTDATED',
  ],
});
export type GraphErrorCode = CodeOf<typeof GraphErrorCode>;

export class GraphError extends FolioError<GraphErrorCode> {
  constructor(
    code: GraphErrorCode,
    message: string,
    readonly neo4jCode?: string,
  ) {
    super(code, message);
  }
}
