import { type CodeOf, errorCodes, FolioError } from '../common/folio-error';

/** Why an enrichment request failed; src/api/error-map.ts maps each code to GraphQL. */
export const EnrichErrorCode = errorCodes({
  precondition: ['DOCUMENT_NOT_READY'],
  invalid: ['UNKNOWN_STAGE', 'INVALID_OPTION'],
  notFound: ['JOB_NOT_FOUND'],
  // FOLIO_INGEST_RUNNER=redis and the queue's Redis does not answer: nothing was queued.
  unavailable: ['QUEUE_UNAVAILABLE'],
});
export type EnrichErrorCode = CodeOf<typeof EnrichErrorCode>;

export class EnrichError extends FolioError<EnrichErrorCode> {}
