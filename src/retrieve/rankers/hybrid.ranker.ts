import { Injectable } from '@nestjs/common';
import { RetrieveRepository } from '../retrieve.repository';
import { flatRanking, type RankRequest, type Ranker, type RankerNeeds, type Ranking, timed } from './ranker';
import { fusionInputs } from '../fusion-query';

/** How a fused vector + full-text ranking turns element evidence into pages. */
export interface FusedPagesShape {
  strategy: 'HYBRID' | 'PARENT_PAGE';
  /** Candidates per side of the fusion. */
  candidates: number;
  /** A page's score: its best element's ('max') or all its elements' summed ('sum'). */
  aggregate: 'max' | 'sum';
}

/** Vector + full-text over elements fused by RRF, the named financial statements at rank 1, then pages. */
export async function fusedPages(
  repo: RetrieveRepository,
  req: RankRequest,
  shape: FusedPagesShape,
): Promise<Ranking> {
  const trace: string[] = [];
  const timings: Ranking['timings'] = [];
  const parent = shape.strategy === 'PARENT_PAGE';
  const fusion = await fusionInputs(repo, req, trace);
  const pages = await timed(timings, parent ? 'parent-page' : 'hybrid', () =>
    repo.hybridPages({ ...fusion, candidates: shape.candidates, aggregate: shape.aggregate }),
  );
  trace.push(
    `${shape.strategy}: vector + full-text (${fusion.luceneQuery ? 'terms' : 'no terms'}) fused by RRF → ` +
      `${pages.length} pages by ${parent ? 'summed element evidence' : 'best element'}`,
  );
  return flatRanking(pages, parent ? 'parent-page' : 'hybrid', trace, timings);
}

/** HYBRID: vector + full-text fused by RRF, each page ranked by its best element. */
@Injectable()
export class HybridRanker implements Ranker<'HYBRID'> {
  readonly strategy = 'HYBRID';
  readonly needs: RankerNeeds = { rerank: 'cross-encoder', enrichment: [], warningsInTrace: true };

  constructor(private readonly repo: RetrieveRepository) {}

  rank(req: RankRequest): Promise<Ranking> {
    return fusedPages(this.repo, req, { strategy: this.strategy, candidates: 50, aggregate: 'max' });
  }
}
