import { Injectable } from '@nestjs/common';
import { RetrieveRepository, RRF_K } from '../retrieve.repository';
import {
  ELEMENTS_PER_PAGE,
  flatRanking,
  type RankRequest,
  type Ranker,
  type RankerNeeds,
  type Ranking,
  timed,
} from './ranker';
import { fusionInputs } from './statement-pages';

/**
 * SUMMARY_TREE: MMRAG-DocQA's summary retrieval over the enrich `tree` stage's nodes, fused with full text; without
 * a tree it reads leaves only.
 */
@Injectable()
export class SummaryTreeRanker implements Ranker<'SUMMARY_TREE'> {
  readonly strategy = 'SUMMARY_TREE';
  readonly needs: RankerNeeds = { rerank: 'cross-encoder', enrichment: ['tree'], warningsInTrace: true };

  constructor(private readonly repo: RetrieveRepository) {}

  async rank({ query, embedding, docIds, k }: RankRequest): Promise<Ranking> {
    const trace: string[] = [];
    const timings: Ranking['timings'] = [];
    const { luceneQuery, statementPages: named } = await fusionInputs(this.repo, { query, docIds }, trace);
    const pages = await timed(timings, 'summary-tree', () =>
      this.repo.summaryTreePages({
        embedding,
        docIds,
        k,
        perPage: ELEMENTS_PER_PAGE,
        statementPages: named,
        candidates: Math.max(50, k * 4),
        luceneQuery,
        rrfK: RRF_K,
      }),
    );
    trace.push(
      `SUMMARY_TREE: nearest tree nodes (cluster summaries + passages; clusters weighted by their leaves per page) ` +
        `fused by RRF with full-text (${luceneQuery ? 'terms' : 'no terms'}) → ${pages.length} pages`,
    );
    return flatRanking(pages, 'summary-tree', trace, timings);
  }
}
