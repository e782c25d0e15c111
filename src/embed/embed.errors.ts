import { FolioError } from '../common/folio-error';

export enum EmbedErrorCode {
  MODEL_FETCH_FAILED = 'MODEL_FETCH_FAILED',
  MODEL_CHECKSUM_MISMATCH = 'MODEL_CHECKSUM_MISMATCH',
  MODEL_FILES_MISSING = 'MODEL_FILES_MISSING',
  UNKNOWN_MODEL = 'UNKNOWN_MODEL',
  INVALID_CONFIG = 'INVALID_CONFIG',
  DIMENSION_MISMATCH = 'DIMENSION_MISMATCH',
  BACKEND_FAILED = 'BACKEND_FAILED',
  CLOSED = 'CLOSED',
}

export class EmbedError extends FolioError<EmbedErrorCode> {
  constructor(
    readonly code: EmbedErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'EmbedError';
  }
}
