import { type CodeOf, errorCodes, FolioError } from '../common/folio-error';

export const AnalyticsErrorCode = errorCodes({
  precondition: ['GDS_NOT_INSTALLED', 'GDS_MEMORY_EXCEEDED'],
  invalid: ['NOTHING_TO_ANALYZE'],
  /** Too many Graph Data Science projections at once in this process (projection-gate.ts). */
  unavailable: ['ANALYTICS_BUSY'],
});
export type AnalyticsErrorCode = CodeOf<typeof AnalyticsErrorCode>;

/** What can go wrong in structure analytics; `src/api/error-map.ts` maps the codes to GraphQL/HTTP. */
export class AnalyticsError extends FolioError<AnalyticsErrorCode> {}
