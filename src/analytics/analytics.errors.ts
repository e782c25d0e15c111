export enum AnalyticsErrorCode {
  DOCUMENT_NOT_FOUND = 'DOCUMENT_NOT_FOUND',
  GDS_NOT_INSTALLED = 'GDS_NOT_INSTALLED',
  GDS_MEMORY_EXCEEDED = 'GDS_MEMORY_EXCEEDED',
  NOTHING_TO_ANALYZE = 'NOTHING_TO_ANALYZE',
}

const API_CODES: Record<AnalyticsErrorCode, string> = {
  [AnalyticsErrorCode.DOCUMENT_NOT_FOUND]: 'NOT_FOUND',
  [AnalyticsErrorCode.GDS_NOT_INSTALLED]: 'FAILED_PRECONDITION',
  [AnalyticsErrorCode.GDS_MEMORY_EXCEEDED]: 'FAILED_PRECONDITION',
  [AnalyticsErrorCode.NOTHING_TO_ANALYZE]: 'BAD_USER_INPUT',
};

/** What can go wrong in structure analytics; the API edge reads `apiCode`. */
export class AnalyticsError extends Error {
  readonly apiCode: string;
  constructor(
    readonly code: AnalyticsErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AnalyticsError';
    this.apiCode = API_CODES[code];
  }
}
