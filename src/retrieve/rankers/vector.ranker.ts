import { Injectable } from '@nestjs/common';
import { namedDocuments } from '../named-documents';
import { RetrieveRepository } from '../retrieve.repository';
import {
  ELEMENTS_PER_PAGE,
  flatRanking,
  type RankRequest,
  type Ranker,
  type RankerNeeds,
  type Ranking,
  timed,
} from './ranker';

/** VECTOR: the nearest passages, each page ranked by its best passage and its page head vector. */
@Injectable()
export class VectorRanker implements Ranker<'VECTOR'> {
  readonly strategy = 'VECTOR';
  readonly needs: RankerNeeds = { rerank: 'cross-encoder', enrichment: [], warningsInTrace: true };

  constructor(private readonly repo: RetrieveRepository) {}

  async rank({ embedding, docIds, k }: RankRequest): Promise<Ranking> {
    const timings: Ranking['timings'] = [];
    const warnings: string[] = [];
    const found = await timed(timings, 'vector', () =>
      this.repo.vectorPages({
        embedding,
        docIds,
        k,
        perPage: ELEMENTS_PER_PAGE,
        candidates: Math.max(50, k * 8),
      }),
    );
    const pages = found.map(({ hasHead: _, ...c }) => c);
    const headless = [...new Set(found.filter((c) => !c.hasHead).map((c) => c.docId))];
    if (headless.length > 0)
      warnings.push(
        `pages of ${namedDocuments(headless)} ` +
          `have no head vector (stored before page heads), so VECTOR ranked them by their best passage alone. ` +
          `Add the heads with: npm run folio -- reembed --all --units`,
      );
    const trace = [`VECTOR: nearest passages → ${pages.length} pages by best passage and page head`];
    return flatRanking(pages, 'vector', trace, timings, warnings);
  }
}
