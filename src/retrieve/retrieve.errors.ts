// Errors a caller of search/ask can cause; the API maps `apiCode` to GraphQL's extensions.code.
export enum RetrieveErrorCode {
  EMPTY_QUERY = 'EMPTY_QUERY',
  BAD_K = 'BAD_K',
  DOCUMENT_NOT_FOUND = 'DOCUMENT_NOT_FOUND',
  BAD_TRACE_OPTIONS = 'BAD_TRACE_OPTIONS',
  /** A strategy needs an enrich stage (summaries for DMAP, evolve for G2) that has not run on a document. */
  ENRICHMENT_MISSING = 'ENRICHMENT_MISSING',
}

export class RetrieveError extends Error {
  readonly apiCode: string;

  constructor(
    readonly code: RetrieveErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'RetrieveError';
    this.apiCode =
      code === RetrieveErrorCode.DOCUMENT_NOT_FOUND
        ? 'NOT_FOUND'
        : code === RetrieveErrorCode.ENRICHMENT_MISSING
          ? 'FAILED_PRECONDITION'
          : 'BAD_USER_INPUT';
  }
}
