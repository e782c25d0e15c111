import { Injectable } from '@nestjs/common';
import { RetrieveRepository } from '../retrieve.repository';
import { flatRanking, type RankRequest, type Ranker, type RankerNeeds, type Ranking, timed } from './ranker';
import { fusionInputs } from '../fusion-query';

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
    const trace: string[] = [];
    const timings: Ranking['timings'] = [];
    const fusion = await fusionInputs(this.repo, req, trace);
    const pages = await timed(timings, 'summary-tree', () =>
      this.repo.summaryTreePages({ ...fusion, candidates: Math.max(50, req.k * 4) }),
    );
    trace.push(
      `SUMMARY_TREE: nearest tree nodes (cluster summaries + passages; clusters weighted by their leaves per page) ` +
        `fused by RRF with full-text (${fusion.luceneQuery ? 'terms' : 'no terms'}) → ${pages.length} pages`,
    );
    return flatRanking(pages, 'summary-tree', trace, timings);
  }
}
