import { Injectable } from '@nestjs/common';
import { G2Retriever } from '../g2/g2-retriever';
import type { RankRequest, Ranker, RankerNeeds, Ranking } from './ranker';
import { walkRanking } from './walk-ranking';

/** G2: a plan of sub-questions, each read as a subgraph of the evolved content graph and checked for evidence. */
@Injectable()
export class G2Ranker implements Ranker<'G2'> {
  readonly strategy = 'G2';
  readonly needs: RankerNeeds = { rerank: 'cross-encoder', enrichment: ['evolve'], warningsInTrace: true };

  constructor(private readonly g2: G2Retriever) {}

  async rank({ query, embedding, docIds, k, meter }: RankRequest): Promise<Ranking> {
    return walkRanking(await this.g2.retrieve({ question: query, embedding, docIds, k, meter }), 'g2');
  }
}
