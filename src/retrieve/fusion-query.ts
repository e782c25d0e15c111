import { buildLuceneQuery } from './lucene-query';
import { ELEMENTS_PER_PAGE } from './rankers/ranker';
import { type FusionQuery, type PageRef, RRF_K } from './retrieve.repository';

/** A fused page query without its candidates per side, which each caller sets. */
export type FusionInputs = Omit<FusionQuery, 'candidates'>;

/**
 * A page query fused with full text for `text`: the Lucene query of its terms, the named statements' pages at rank 1
 * and RRF's k over the scope and depth given; the caller adds how many candidates each side ranks.
 */
export function fusionQuery(
  text: string,
  { embedding, docIds, k }: Pick<FusionQuery, 'embedding' | 'docIds' | 'k'>,
  statementPages: PageRef[],
): FusionInputs {
  return {
    embedding,
    docIds,
    k,
    perPage: ELEMENTS_PER_PAGE,
    statementPages,
    luceneQuery: buildLuceneQuery(text, ['text'], docIds),
    rrfK: RRF_K,
  };
}
