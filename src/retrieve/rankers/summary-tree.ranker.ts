import { Injectable } from '@nestjs/common';
import { RetrieveRepository } from '../retrieve.repository';
import { fusedRun } from './fused-run';
import { flatRanking, type RankRequest, type Ranker, type RankerNeeds, type Ranking } from './ranker';

/**
 * SUMMARY_TREE: MMRAG-DocQA's summary retrieval over the enrich `tree` stage's nodes, fused with full text; without
 * a tree it reads leaves only.
 */
@Injectable()
export class SummaryTreeRanker implements Ranker<'SUMMARY_TREE'> {
  readonly strategy = 'SUMMARY_TREE';
  readonly needs: RankerNeeds = { rerank: 'cross-encoder', enrichment: ['tree'], warningsInTrace: true };

  constructor(private readonly repo: RetrieveRepository) {}

  async rank(req: RankRequest): Promise<Ranking> {
    const run = await fusedRun(this.repo, req, 'summary-tree', (fusion) =>
      this.repo.summaryTreePages({ ...fusion, candidates: Math.max(50, req.k * 4) }),
    );
    run.trace.push(
      `SUMMARY_TREE: nearest tree nodes (cluster summaries + passages; clusters weighted by their leaves per page) ` +
        `fused by RRF with full-text (${run.luceneQuery ? 'terms' : 'no terms'}) → ${run.found.length} pages`,
    );
    return flatRanking(run.found, 'summary-tree', run.trace, run.timings);
  }
}
