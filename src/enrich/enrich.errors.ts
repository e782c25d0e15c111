/** Why an enrichment request failed; the API maps `apiCode` to `extensions.code`. */
export enum EnrichErrorCode {
  DOCUMENT_NOT_FOUND = 'DOCUMENT_NOT_FOUND',
  DOCUMENT_NOT_READY = 'DOCUMENT_NOT_READY',
  UNKNOWN_STAGE = 'UNKNOWN_STAGE',
  STAGE_UNAVAILABLE = 'STAGE_UNAVAILABLE',
  INVALID_OPTION = 'INVALID_OPTION',
  JOB_NOT_FOUND = 'JOB_NOT_FOUND',
}

const API_CODES: Record<EnrichErrorCode, string> = {
  [EnrichErrorCode.DOCUMENT_NOT_FOUND]: 'NOT_FOUND',
  [EnrichErrorCode.DOCUMENT_NOT_READY]: 'FAILED_PRECONDITION',
  [EnrichErrorCode.UNKNOWN_STAGE]: 'BAD_USER_INPUT',
  [EnrichErrorCode.STAGE_UNAVAILABLE]: 'FAILED_PRECONDITION',
  [EnrichErrorCode.INVALID_OPTION]: 'BAD_USER_INPUT',
  [EnrichErrorCode.JOB_NOT_FOUND]: 'NOT_FOUND',
};

export class EnrichError extends Error {
  readonly apiCode: string;

  constructor(
    readonly code: EnrichErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'EnrichError';
    this.apiCode = API_CODES[code];
  }
}
