// A GraphQL request that went past one of the configured cost limits; the API edge presents it as
// QUERY_TOO_COMPLEX with the limit as `reason`.
import { type CodeOf, errorCodes, FolioError } from '../common/folio-error';

export const QueryLimit = errorCodes({
  tooComplex: [
    'MAX_DEPTH',
    'MAX_ALIASES',
    'MAX_COMPLEXITY',
    'MAX_EXPENSIVE_FIELDS',
    'MAX_GDS_PROJECTIONS',
    'MAX_RESULT_OBJECTS',
  ],
});
export type QueryLimit = CodeOf<typeof QueryLimit>;

const LIMITS: Record<QueryLimit, { what: string; variable: string; advice: string }> = {
  [QueryLimit.MAX_DEPTH]: {
    what: 'its nesting depth',
    variable: 'FOLIO_GRAPHQL_MAX_DEPTH',
    advice: 'Nest fewer fields; read deeper parts with a second query that starts from their id.',
  },
  [QueryLimit.MAX_ALIASES]: {
    what: 'its number of aliases',
    variable: 'FOLIO_GRAPHQL_MAX_ALIASES',
    advice: 'Use fewer aliased fields in one request.',
  },
  [QueryLimit.MAX_COMPLEXITY]: {
    what: 'its estimated cost (fields, each list weighted by its first/from–to/k/limit)',
    variable: 'FOLIO_GRAPHQL_MAX_COMPLEXITY',
    advice: 'Ask for fewer fields or smaller lists (first, from/to, k, limit).',
  },
  [QueryLimit.MAX_EXPENSIVE_FIELDS]: {
    what: 'its number of ask, search, mutation and graph analytics (pageGraph, similarDocuments) fields',
    variable: 'FOLIO_GRAPHQL_MAX_EXPENSIVE_FIELDS',
    advice: 'Send them as separate requests.',
  },
  [QueryLimit.MAX_GDS_PROJECTIONS]: {
    what: 'its number of Graph Data Science fields (pageGraph, similarDocuments: each projects a graph)',
    variable: '',
    advice: 'Send one per request.',
  },
  [QueryLimit.MAX_RESULT_OBJECTS]: {
    what: 'the number of objects in its result',
    variable: 'FOLIO_GRAPHQL_MAX_RESULT_OBJECTS',
    advice: 'Ask for smaller lists (first, from/to, k, limit) and page through them.',
  },
};

export class QueryLimitError extends FolioError<QueryLimit> {
  constructor(
    readonly limit: QueryLimit,
    readonly max: number,
  ) {
    const { what, variable, advice } = LIMITS[limit];
    const setting = variable ? ` (${variable})` : '';
    super(limit, `Query too complex: ${what} exceeds the limit of ${max}${setting}. ${advice}`);
  }
}
