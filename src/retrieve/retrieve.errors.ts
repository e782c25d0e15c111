// Errors a caller of search/ask can cause; src/api/error-map.ts maps each code to GraphQL.
import { type CodeOf, errorCodes, FolioError } from '../common/folio-error';

export const RetrieveErrorCode = errorCodes({
  invalid: [
    'EMPTY_QUERY',
    'BAD_K',
    'BAD_TRACE_OPTIONS',
    /** A scope filter (GraphQL `scope.filter`, CLI `--where`) that cannot be read: an unknown clause, a bad date. */
    'BAD_FILTER',
  ],
  /** A strategy needs an enrich stage (similar, summaries for DMAP, evolve for G2) that a document in scope lacks. */
  precondition: ['ENRICHMENT_MISSING'],
  /** The API runs FOLIO_RETRIEVAL_CONCURRENCY searches at once and its queue is full (src/api/retrieval-gate.ts). */
  unavailable: ['RETRIEVAL_BUSY'],
});
export type RetrieveErrorCode = CodeOf<typeof RetrieveErrorCode>;

export class RetrieveError extends FolioError<RetrieveErrorCode> {}
