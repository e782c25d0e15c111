import { Injectable } from '@nestjs/common';
import { FusedPagesRanker } from './fused-pages.ranker';
import type { RankerNeeds } from './ranker';

/** HYBRID: vector + full-text fused by RRF, each page ranked by its best element. */
@Injectable()
export class HybridRanker extends FusedPagesRanker<'HYBRID'> {
  readonly strategy = 'HYBRID';
  readonly needs: RankerNeeds = { rerank: 'cross-encoder', enrichment: [], warningsInTrace: true };
  protected readonly candidates = 50;
  protected readonly aggregate = 'max';
}
