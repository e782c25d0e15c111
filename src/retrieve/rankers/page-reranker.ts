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
    run: { meter: UsageMeter; timings: StageTiming[]; trace: string[]; warnings: string[] },
  ): Promise<PageHit[]> {
    if (ranker.needs.rerank === 'already-judged') {
      run.trace.push(
        `RERANK: not applied; ${ranker.strategy} has judged its pages already (cross-encoder or LLM)`,
      );
      return pages;
    }
    if (pages.length === 0) return pages;
    const byLlm = ranker.needs.rerank === 'llm-relevance' && this.llm.enabled;
    return timed(run.timings, 'rerank', async () => {
      const byModel = byLlm ? await this.llmRelevance(query, pages, run.meter) : null;
      if (byModel && 'failed' in byModel)
        run.warnings.push(
          `LLM relevance failed (${byModel.failed}); the cross-encoder re-ranked the pages instead.`,
        );
      const reranked =
        byModel && 'pages' in byModel ? byModel.pages : await this.crossEncoderOrder(query, pages);
      const by = byModel && 'pages' in byModel ? 'LLM' : 'cross-encoder';
      run.trace.push(`RERANK: ${by} relevance (0–1) over the top ${reranked.length} pages`);
      return reranked;
    });
  }

  /**
   * Parent-page relevance by the LLM (0–1 per page). When a call fails (LlmService then answers offline), the
   * whole ranking goes to the cross-encoder instead: pages scored by two different judges do not compare.
   */
  private async llmRelevance(
    query: string,
    pages: PageHit[],
    meter: UsageMeter,
  ): Promise<{ pages: PageHit[] } | { failed: string }> {
    const texts = await this.repo.pagePassages(pages.map(({ docId, pageNumber }) => ({ docId, pageNumber })));
    const scored: PageHit[] = [];
    for (const p of pages) {
      const pageText = texts.find((t) => t.docId === p.docId && t.pageNumber === p.pageNumber)?.text ?? '';
      const outcome = await this.llm.relevance(
        { question: query, pageText, pageLabel: `document ${p.docId}, page ${p.pageNumber}` },
        { meter },
      );
      if (outcome.source !== 'llm') return { failed: outcome.warning ?? 'the model did not answer' };
      scored.push({ ...p, score: outcome.value.score, reason: `${p.reason}+llm-relevance` });
    }
    return { pages: scored.sort((a, b) => b.score - a.score) };
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
      reason: `${pages[i]!.reason}+cross-encoder`,
    }));
  }
}
