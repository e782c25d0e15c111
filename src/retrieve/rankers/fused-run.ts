import { type FusionInputs, fusionQuery } from '../fusion-query';
import type { RetrieveRepository } from '../retrieve.repository';
import type { StageTiming } from '../retrieve.types';
import { type RankRequest, timed } from './ranker';

/** What a ranker's fused page query found, the Lucene query it ran, and the ranker's trace and timings so far. */
export interface FusedRun<T> {
  found: T;
  luceneQuery: string | null;
  trace: string[];
  timings: StageTiming[];
}

/**
 * The one fused page query of HYBRID, PARENT_PAGE, SUMMARY_TREE or GRAPH: the financial statements the question
 * names are looked up (and traced when found), then `query` runs on the request's fusion inputs, timed as `stage`.
 */
export async function fusedRun<T>(
  repo: RetrieveRepository,
  req: RankRequest,
  stage: string,
  query: (fusion: FusionInputs) => Promise<T>,
): Promise<FusedRun<T>> {
  const trace: string[] = [];
  const timings: StageTiming[] = [];
  const named = await repo.statementPages(req.query, req.docIds);
  if (named.length > 0)
    trace.push(
      `financial statements asked for: ${named.map((p) => `${p.docId} p. ${p.pageNumber}`).join(', ')} join the fusion at rank 1`,
    );
  const fusion = fusionQuery(req.query, req, named);
  const found = await timed(timings, stage, () => query(fusion));
  return { found, luceneQuery: fusion.luceneQuery, trace, timings };
}
