import { AdmissionGate, type AdmissionLimits } from '../common/admission-gate';
import { AnalyticsError, AnalyticsErrorCode } from './analytics.errors';

/** Neo4j's heap holds few projections at once: one running, a handful waiting briefly, the rest refused. */
export const GDS_PROJECTION_LIMITS: AdmissionLimits = { atOnce: 1, waiting: 4, maxWaitMs: 20_000 };

/** Bounds the GDS projections of this process; past the bounds the caller gets ANALYTICS_BUSY at once. */
export function projectionGate(limits: AdmissionLimits = GDS_PROJECTION_LIMITS): AdmissionGate {
  return new AdmissionGate(
    limits,
    ({ atOnce, waiting, maxWaitMs }) =>
      new AnalyticsError(
        AnalyticsErrorCode.ANALYTICS_BUSY,
        `Graph analytics are busy: this process runs ${atOnce} Graph Data Science projection(s) at once and lets ` +
          `${waiting} wait up to ${Math.round(maxWaitMs / 1000)} s. Try again in a little while, or send ` +
          'pageGraph / similarDocuments one request at a time.',
      ),
  );
}
