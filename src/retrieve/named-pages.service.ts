import { Injectable } from '@nestjs/common';
import { statementsNamed } from './financial-statements';
import {
  captionLabelsOf,
  contentsLabelOf,
  mergeNamedPages,
  NAMED_PAGE,
  NAMED_STATEMENT,
  namedPageLabel,
  pageReferencesOf,
  resolvePageReferences,
} from './named-pages';
import { ELEMENTS_PER_PAGE, timed } from './rankers/ranker';
import { RetrieveRepository } from './retrieve.repository';
import type { PageHit, StageTiming } from './retrieve.types';

/**
 * The pages the question names ("the chart on page 14", "the first slide", "Figure 3", "the table of contents", "the
 * balance sheet") ahead
 * of the strategy's ranking, pages by number first (named-pages.ts); a named page the strategy did not return is
 * read with its passages nearest the question. Only within one document: across several, "page 14" names no page.
 */
@Injectable()
export class NamedPagesService {
  constructor(private readonly repo: RetrieveRepository) {}

  async first(
    query: string,
    docIds: string[] | null,
    embedding: number[],
    pages: PageHit[],
    run: { timings: StageTiming[]; trace: string[] },
  ): Promise<PageHit[]> {
    const refs = pageReferencesOf(query);
    const labels = [...captionLabelsOf(query), ...contentsLabelOf(query)];
    const statements = statementsNamed(query);
    if (docIds?.length !== 1 || refs.length + labels.length + statements.length === 0) return pages;
    const docId = docIds[0]!;
    return timed(run.timings, 'named-pages', async () => {
      const [numbering, captioned, statementPages] = await Promise.all([
        refs.length > 0 ? this.repo.pageNumbering(docId) : null,
        labels.length > 0 ? this.repo.captionedPages(docId, labels) : [],
        statements.length > 0 ? this.repo.namedStatementPages(docId, statements) : [],
      ]);
      const byNumber = numbering ? resolvePageReferences(refs, numbering) : [];
      const namedPages = mergeNamedPages(byNumber, [...captioned, ...statementPages]);
      // a statement named by its title is where a metric starts, not the only page its answer reads
      const pointedAt = new Set([...byNumber, ...captioned].map((p) => p.pageNumber));
      if (namedPages.length === 0) {
        run.trace.push('pages the question names: none of them in the document');
        return pages;
      }
      const ranked = new Map(pages.filter((p) => p.docId === docId).map((p) => [p.pageNumber, p]));
      const unranked = namedPages.map((n) => n.pageNumber).filter((n) => !ranked.has(n));
      if (unranked.length > 0) {
        const read = await this.repo.namedPages({
          docId,
          pageNumbers: unranked,
          embedding,
          perPage: ELEMENTS_PER_PAGE,
        });
        for (const page of read) ranked.set(page.pageNumber, { ...page, hop: 0, reason: '' });
      }
      const first = namedPages.flatMap((n) => {
        const hit = ranked.get(n.pageNumber);
        if (!hit) return [];
        const mark = pointedAt.has(n.pageNumber) ? NAMED_PAGE : NAMED_STATEMENT;
        return [{ ...hit, reason: hit.reason ? `${hit.reason}+${mark}` : mark }];
      });
      const firstPages = new Set(first.map((p) => p.pageNumber));
      run.trace.push(`pages the question names, ranked first: ${namedPages.map(namedPageLabel).join(', ')}`);
      return [...first, ...pages.filter((p) => p.docId !== docId || !firstPages.has(p.pageNumber))];
    });
  }
}
