import type { CandidateSource } from './typed-answer';

/**
 * The offline answer's candidate sources, in priority order: the first that finds a value of the kind asked for in
 * the evidence answers; the extractive sentence answers when none does. A new source (table cells, statement
 * metrics) is one entry here.
 */
export const CANDIDATE_SOURCES: ReadonlyArray<{ name: string; read: CandidateSource }> = [];
