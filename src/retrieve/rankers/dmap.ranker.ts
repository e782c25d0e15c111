import { Injectable } from '@nestjs/common';
import { DmapRetriever } from '../dmap/dmap-retriever';
import type { RankRequest, Ranker, RankerNeeds, Ranking } from './ranker';
import { walkRanking } from './walk-ranking';

/** DMAP: structure, text and visual entry paths fused, then pages judged and expanded until the evidence holds. */
@Injectable()
export class DmapRanker implements Ranker<'DMAP'> {
  readonly strategy = 'DMAP';
  readonly needs: RankerNeeds = {
    rerank: 'already-judged',
    enrichment: ['summaries'],
    warningsInTrace: true,
  };

  constructor(private readonly dmap: DmapRetriever) {}

  async rank({ query, embedding, docIds, k, meter }: RankRequest): Promise<Ranking> {
    return walkRanking(await this.dmap.retrieve({ question: query, embedding, docIds, k, meter }), 'dmap');
  }
}
