import { Injectable } from '@nestjs/common';
import { RetrieveRepository } from '../retrieve.repository';
import { fusedRun } from './fused-run';
import { flatRanking, type RankRequest, type Ranker, type RankerNeeds, type Ranking } from './ranker';

/**
 * Vector + full-text over elements fused by RRF, the named financial statements at rank 1, then pages: HYBRID and
 * PARENT_PAGE differ only in the candidates each side ranks and in how a page sums up its elements' evidence.
 */
@Injectable()
export abstract class FusedPagesRanker<S extends 'HYBRID' | 'PARENT_PAGE'> implements Ranker<S> {
  abstract readonly strategy: S;
  abstract readonly needs: RankerNeeds;
  /** Candidates per side of the fusion. */
  protected abstract readonly candidates: number;
  /** A page's score: its best element's ('max') or all its elements' summed ('sum'). */
  protected abstract readonly aggregate: 'max' | 'sum';

  constructor(private readonly repo: RetrieveRepository) {}

  async rank(req: RankRequest): Promise<Ranking> {
    const reason = this.strategy === 'PARENT_PAGE' ? 'parent-page' : 'hybrid';
    const { candidates, aggregate } = this;
    const run = await fusedRun(this.repo, req, reason, (fusion) =>
      this.repo.hybridPages({ ...fusion, candidates, aggregate }),
    );
    run.trace.push(
      `${this.strategy}: vector + full-text (${run.luceneQuery ? 'terms' : 'no terms'}) fused by RRF → ` +
        `${run.found.length} pages by ${aggregate === 'sum' ? 'summed element evidence' : 'best element'}`,
    );
    return flatRanking(run.found, reason, run.trace, run.timings);
  }
}
