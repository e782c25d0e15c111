import { buildLuceneQuery } from './lucene-query';
import { ELEMENTS_PER_PAGE, type RankRequest } from './rankers/ranker';
import { type FusionQuery, type PageRef, type RetrieveRepository, RRF_K } from './retrieve.repository';

/** The pages of the financial statements the question names, for the rankers that fuse rankings; traced when found. */
export async function statementPagesFor(
  repo: RetrieveRepository,
  query: string,
  docIds: string[] | null,
  trace: string[],
): Promise<PageRef[]> {
  const pages = await repo.statementPages(query, docIds);
  if (pages.length > 0)
    trace.push(
      `financial statements asked for: ${pages.map((p) => `${p.docId} p. ${p.pageNumber}`).join(', ')} join the fusion at rank 1`,
    );
  return pages;
}

/**
 * A page query fused with full text for `text`: the Lucene query of its terms, the named statements' pages at rank 1
 * and RRF's k over the scope and depth given; the caller adds how many candidates each side ranks.
 */
export function fusionQuery(
  text: string,
  { embedding, docIds, k }: Pick<FusionQuery, 'embedding' | 'docIds' | 'k'>,
  statementPages: PageRef[],
): Omit<FusionQuery, 'candidates'> {
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

/** What every ranker that fuses with full text asks its query with: fusionQuery of the request, statements traced. */
export async function fusionInputs(
  repo: RetrieveRepository,
  req: Pick<RankRequest, 'query' | 'embedding' | 'docIds' | 'k'>,
  trace: string[],
): Promise<Omit<FusionQuery, 'candidates'>> {
  return fusionQuery(req.query, req, await statementPagesFor(repo, req.query, req.docIds, trace));
}
