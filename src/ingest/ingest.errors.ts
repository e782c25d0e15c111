// Errors a user can cause while ingesting; src/api/error-map.ts maps each code to GraphQL.
import { type CodeOf, errorCodes, FolioError } from '../common/folio-error';

export const IngestErrorCode = errorCodes({
  /** DOCUMENT_ID_TAKEN: an explicit id (`ingest --id`) that another document (other bytes) already has. */
  conflict: ['DOCUMENT_BUSY', 'DOCUMENT_ID_TAKEN'],
  invalid: ['FILE_NOT_FOUND', 'FILE_TOO_LARGE', 'BAD_REQUEST'],
  forbidden: ['SERVER_PATHS_DISABLED', 'PATH_OUTSIDE_ROOT'],
  notFound: ['JOB_NOT_FOUND', 'PAGE_NOT_FOUND'],
  /** Pages of an encrypted PDF: its password is used once, at ingestion, and not kept. */
  precondition: ['PAGE_IMAGE_UNAVAILABLE'],
  /** FOLIO_INGEST_RUNNER=redis and the queue's Redis does not answer: nothing was queued. */
  unavailable: ['QUEUE_UNAVAILABLE'],
  /** A queued job whose stored PDF is gone from the file store (FOLIO_FILE_STORE not shared with the API). */
  internal: ['STORED_FILE_MISSING'],
});
export type IngestErrorCode = CodeOf<typeof IngestErrorCode>;

export class IngestError extends FolioError<IngestErrorCode> {}

/** Another ingestion of the same document id (the same bytes) waits or runs right now. */
export function documentBusy(docId: string): IngestError {
  return new IngestError(
    IngestErrorCode.DOCUMENT_BUSY,
    `Document ${docId} (the same bytes) is being ingested by another request right now. ` +
      `Wait for it to finish (query document(id: "${docId}")) instead of ingesting it again.`,
  );
}
