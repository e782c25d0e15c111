import { Injectable } from '@nestjs/common';
import { CrossEncoderReranker } from '../../embed/cross-encoder';
import type { UsageMeter } from '../../llm/llm-usage';
import { LlmService } from '../../llm/llm.service';
import { fusedRerankOrder } from '../rerank-fusion';
import { RetrieveRepository, RRF_K } from '../retrieve.repository';
import type { PageHit, StageTiming } from '../retrieve.types';
import { type Ranker, timed } from './ranker';

/** Characters of a page passage given to the cross-encoder (~350 tokens: the matched elements first, then the page). */
const PASSAGE_CHARS = 1500;

/** RERANK: a ranker's top pages re-scored as its `needs.rerank` says, or left as it judged them. */
@Injectable()
export class PageReranker {
  constructor(
    private readonly repo: RetrieveRepository,
    private readonly crossEncoder: CrossEncoderReranker,
    private readonly llm: LlmService,
  ) {}

  async rerank(
    ranker: Ranker,
    query: string,
    pages: PageHit[],
    run: { meter: UsageMeter; timings: StageTiming[]; trace: string[] },
  ): Promise<PageHit[]> {
    if (ranker.needs.rerank === 'already-judged') {
      run.trace.push(
        `RERANK: not applied; ${ranker.strategy} has judged its pages already (cross-encoder or LLM)`,
      );
      return pages;
    }
    if (pages.length === 0) return pages;
    const byLlm = ranker.needs.rerank === 'llm-relevance' && this.llm.enabled;
    const reranked = await timed(run.timings, 'rerank', () =>
      byLlm ? this.llmRelevance(query, pages, run.meter) : this.crossEncoderOrder(query, pages),
    );
    run.trace.push(
      `RERANK: ${byLlm ? 'LLM' : 'cross-encoder'} relevance (0–1) over the top ${reranked.length} pages`,
    );
    return reranked;
  }

  /** Parent-page relevance by the LLM (0–1 per page); a failed call falls back offline inside LlmService. */
  private async llmRelevance(query: string, pages: PageHit[], meter: UsageMeter): Promise<PageHit[]> {
    const texts = await this.repo.pagePassages(pages.map(({ docId, pageNumber }) => ({ docId, pageNumber })));
    const scored: PageHit[] = [];
    for (const p of pages) {
      const pageText = texts.find((t) => t.docId === p.docId && t.pageNumber === p.pageNumber)?.text ?? '';
      const { value } = await this.llm.relevance(
        { question: query, pageText, pageLabel: `document ${p.docId}, page ${p.pageNumber}` },
        { meter },
      );
      scored.push({ ...p, score: value.score, reason: `${p.reason}+llm-relevance` });
    }
    return scored.sort((a, b) => b.score - a.score);
  }

  /**
   * Scores each page as a whole (its matched elements first, then its text) with the cross-encoder and orders the
   * pages by its rank fused with the strategy's own (RRF_K): the cross-encoder alone reads statement tables poorly
   * (docs/measurements.md); a page's score becomes the cross-encoder's 0–1 relevance.
   */
  private async crossEncoderOrder(query: string, pages: PageHit[]): Promise<PageHit[]> {
    const texts = await this.repo.pagePassages(pages.map(({ docId, pageNumber }) => ({ docId, pageNumber })));
    const textOf = new Map(texts.map((t) => [`${t.docId}:${t.pageNumber}`, t.text]));
    const passages = pages.map((p) => {
      const lead = p.elements.map((e) => e.text).join('\n');
      return `${lead}\n${textOf.get(`${p.docId}:${p.pageNumber}`) ?? ''}`.slice(0, PASSAGE_CHARS);
    });
    const scores = await this.crossEncoder.score(query, passages);
    return fusedRerankOrder(scores, RRF_K).map((i) => ({
      ...pages[i]!,
      score: scores[i] ?? 0,
      reason: `${pages[i]!.reason}+rerank`,
    }));
  }
}
