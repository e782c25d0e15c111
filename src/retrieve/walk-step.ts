import { RetrieveError, RetrieveErrorCode } from './retrieve.errors';

// What DMAP and G2 record per step of their walks, in the shape of TRACE's steps (trace-run.ts Candidate: page,
// via, fromPage, hop), and the trace line each step prints, in TRACE's format ("  q1 p.5 ← next-page from p.4
// (hop 1): RELEVANT 0.912 (cross-encoder) — …"), so one reader of traces serves every walk.

export interface WalkStep {
  /** The sub-question's text (a G2 plan node's), or the question for a walk for the whole question (DMAP). */
  subQuery: string;
  docId: string;
  pageNumber: number;
  /** seed, structure, text, visual, next-element, previous-element, section, relates-to, captions, gap */
  via: string;
  fromPage: number | null;
  hop: number;
  score: number;
  /** RELEVANT / IRRELEVANT when a judge scored the page; null when the step only read it. */
  verdict: 'RELEVANT' | 'IRRELEVANT' | null;
  reason: string;
}

export function stepLine(
  step: WalkStep,
  label: (p: { docId: string; pageNumber: number }) => string,
): string {
  const how =
    step.fromPage === null
      ? step.via
      : `${step.via} from ${label({ docId: step.docId, pageNumber: step.fromPage })} (hop ${step.hop})`;
  const verdict = step.verdict ? `${step.verdict} ` : '';
  return `  ${step.subQuery} ${label(step)} ← ${how}: ${verdict}${step.score.toFixed(3)} — ${step.reason}`;
}

/** "p.4" inside one document, "<docId> p.4" across several (as TRACE labels pages). */
export function pageLabeller(docIds: string[] | null): (p: { docId: string; pageNumber: number }) => string {
  const single = docIds?.length === 1;
  return (p) => (single ? `p.${p.pageNumber}` : `${p.docId} p.${p.pageNumber}`);
}

/** The typed error of a strategy whose enrichment has not run on some documents, naming the command that adds it. */
export function enrichmentMissing(
  strategy: string,
  stage: string,
  what: string,
  docIds: string[],
): RetrieveError {
  const shown = docIds.slice(0, 5);
  return new RetrieveError(
    RetrieveErrorCode.ENRICHMENT_MISSING,
    `${strategy} needs ${what} (the enrich ${stage} stage), which ${docIds.length} document(s) do not have ` +
      `(${shown.join(', ')}${docIds.length > 5 ? ', …' : ''}). Add it with: npm run folio -- enrich ` +
      `${docIds.length > 5 ? '--all' : shown.join(' ')} --stages ${stage}`,
  );
}
