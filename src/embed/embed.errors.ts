import { type CodeOf, errorCodes, FolioError } from '../common/folio-error';

export const EmbedErrorCode = errorCodes({
  precondition: [
    'MODEL_FETCH_FAILED',
    'MODEL_CHECKSUM_MISMATCH',
    'MODEL_FILES_MISSING',
    'UNKNOWN_MODEL',
    'INVALID_CONFIG',
    'DIMENSION_MISMATCH',
  ],
  upstream: ['BACKEND_FAILED'],
  unavailable: ['CLOSED'],
});
export type EmbedErrorCode = CodeOf<typeof EmbedErrorCode>;

export class EmbedError extends FolioError<EmbedErrorCode> {}
