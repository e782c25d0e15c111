// Errors a user can cause while ingesting; the API maps `apiCode` to GraphQL's extensions.code.
export enum IngestErrorCode {
  DOCUMENT_BUSY = 'DOCUMENT_BUSY',
  DOCUMENT_NOT_FOUND = 'DOCUMENT_NOT_FOUND',
  FILE_NOT_FOUND = 'FILE_NOT_FOUND',
  FILE_TOO_LARGE = 'FILE_TOO_LARGE',
  SERVER_PATHS_DISABLED = 'SERVER_PATHS_DISABLED',
  PATH_OUTSIDE_ROOT = 'PATH_OUTSIDE_ROOT',
  JOB_NOT_FOUND = 'JOB_NOT_FOUND',
  PAGE_NOT_FOUND = 'PAGE_NOT_FOUND',
  BAD_REQUEST = 'BAD_REQUEST',
}

const API_CODES: Record<IngestErrorCode, string> = {
  [IngestErrorCode.DOCUMENT_BUSY]: 'CONFLICT',
  [IngestErrorCode.DOCUMENT_NOT_FOUND]: 'NOT_FOUND',
  [IngestErrorCode.FILE_NOT_FOUND]: 'BAD_USER_INPUT',
  [IngestErrorCode.FILE_TOO_LARGE]: 'BAD_USER_INPUT',
  [IngestErrorCode.SERVER_PATHS_DISABLED]: 'FORBIDDEN',
  [IngestErrorCode.PATH_OUTSIDE_ROOT]: 'FORBIDDEN',
  [IngestErrorCode.JOB_NOT_FOUND]: 'NOT_FOUND',
  [IngestErrorCode.PAGE_NOT_FOUND]: 'NOT_FOUND',
  [IngestErrorCode.BAD_REQUEST]: 'BAD_USER_INPUT',
};

export class IngestError extends Error {
  readonly apiCode: string;

  constructor(
    readonly code: IngestErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'IngestError';
    this.apiCode = API_CODES[code];
  }
}
