/** Documents a message names by id before it stops with "…". */
const NAMED_AT_MOST = 5;

/** The ids a message names, and the command line it suggests, for documents in scope that lack something. */
export const namedIds = (docIds: string[]): string[] => docIds.slice(0, NAMED_AT_MOST);

/** "3 document(s) (a, b, c)", or with more than five "12 document(s) (a, b, c, d, e, …)". */
export const namedDocuments = (docIds: string[]): string =>
  `${docIds.length} document(s) (${namedIds(docIds).join(', ')}${docIds.length > NAMED_AT_MOST ? ', …' : ''})`;
