import { buildLuceneQuery } from '../lucene-query';
import type { PageRef, RetrieveRepository } from '../retrieve.repository';
import type { RankRequest } from './ranker';

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

/** What every ranker that fuses with full text starts from: the Lucene query of its terms and the named statements. */
export async function fusionInputs(
  repo: RetrieveRepository,
  { query, docIds }: Pick<RankRequest, 'query' | 'docIds'>,
  trace: string[],
): Promise<{ luceneQuery: string | null; statementPages: PageRef[] }> {
  const luceneQuery = buildLuceneQuery(query, ['text'], docIds);
  return { luceneQuery, statementPages: await statementPagesFor(repo, query, docIds, trace) };
}
