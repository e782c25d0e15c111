import type { PageRef, RetrieveRepository } from '../retrieve.repository';

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
