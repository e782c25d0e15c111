import { Injectable } from '@nestjs/common';
import { RetrieveRepository } from '../retrieve.repository';
import { fusedPages } from './hybrid.ranker';
import type { RankRequest, Ranker, RankerNeeds, Ranking } from './ranker';

/** PARENT_PAGE (MMRAG-DocQA): HYBRID's fusion with each page scored by its elements' summed evidence. */
@Injectable()
export class ParentPageRanker implements Ranker<'PARENT_PAGE'> {
  readonly strategy = 'PARENT_PAGE';
  readonly needs: RankerNeeds = { rerank: 'llm-relevance', enrichment: [], warningsInTrace: true };

  constructor(private readonly repo: RetrieveRepository) {}

  rank(req: RankRequest): Promise<Ranking> {
    return fusedPages(this.repo, req, { strategy: this.strategy, candidates: 60, aggregate: 'sum' });
  }
}
