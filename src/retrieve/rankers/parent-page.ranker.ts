import { Injectable } from '@nestjs/common';
import { FusedPagesRanker } from './fused-pages.ranker';
import type { RankerNeeds } from './ranker';

/** PARENT_PAGE (MMRAG-DocQA): HYBRID's fusion with each page scored by its elements' summed evidence. */
@Injectable()
export class ParentPageRanker extends FusedPagesRanker<'PARENT_PAGE'> {
  readonly strategy = 'PARENT_PAGE';
  readonly needs: RankerNeeds = { rerank: 'llm-relevance', enrichment: [], warningsInTrace: true };
  protected readonly candidates = 60;
  protected readonly aggregate = 'sum';
}
