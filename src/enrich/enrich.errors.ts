import { FolioError } from '../common/folio-error';

/** Why an enrichment request failed; src/api/error-map.ts maps each code to GraphQL. */
export enum EnrichErrorCode {
  DOCUMENT_NOT_READY = 'DOCUMENT_NOT_READY',
  UNKNOWN_STAGE = 'UNKNOWN_STAGE',
  INVALID_OPTION = 'INVALID_OPTION',
  JOB_NOT_FOUND = 'JOB_NOT_FOUND',
}

export class EnrichError extends FolioError<EnrichErrorCode> {}
