import { Inject, Injectable } from '@nestjs/common';
import { EMBEDDER } from '../embed/embed.tokens';
import type { Embedder } from '../embed/embedder';
import { DocumentRepository } from '../graph/document.repository';
import { UsageMeter } from '../llm/llm-usage';
import { NamedPagesService } from './named-pages.service';
import { PageReranker } from './rankers/page-reranker';
import { RANKERS, type RankerRegistry, type Ranking, timed } from './rankers/ranker';
import { RetrieveError, RetrieveErrorCode } from './retrieve.errors';
import type { PageHit, SearchRequest, SearchResult, StageTiming } from './retrieve.types';
import { searchQueryOf } from './search-query';
import { stageCosts } from './stage-clock';

export const MAX_K = 50;
/** Pages re-ranked by the cross-encoder: enough to lift a page from rank ~10 into the top 3; each costs one pass. */
export const RERANK_DEPTH = 10;

/** Search over the document graph: scope, embed, the strategy's ranker, RERANK, the pages the question names. */
@Injectable()
export class RetrieveService {
  constructor(
    @Inject(RANKERS) private readonly rankers: RankerRegistry,
    private readonly reranker: PageReranker,
    private readonly namedPages: NamedPagesService,
    private readonly documents: DocumentRepository,
    @Inject(EMBEDDER) private readonly embedder: Embedder,
  ) {}

  async search(req: SearchRequest, parentMeter = new UsageMeter()): Promise<SearchResult> {
    const started = performance.now();
    // This search's own LLM calls, rolled up into the caller's (ask adds the answer's).
    const meter = new UsageMeter(parentMeter);
    const { query, dropped, docIds } = validated(req);
    const ranker = this.rankers[req.strategy];
    const timings: StageTiming[] = [];
    // The scope check (a Neo4j round trip) runs while the query is embedded; a missing document still fails the
    // search before any ranking runs.
    const [, vector] = await Promise.all([
      docIds ? this.checkDocumentsExist(docIds) : undefined,
      timed(timings, 'embed-query', () => this.embedder.embedQuery(query)),
    ]);
    const embedding = Array.from(vector);
    const rerank = req.rerank ?? false;
    const k = rerank ? Math.max(req.k, RERANK_DEPTH) : req.k;
    const trace = [
      `scope: ${docIds ? `${docIds.length} document(s), exact scan` : 'whole corpus, vector index'}`,
    ];
    if (dropped.length > 0)
      trace.push(`answer-format instructions not searched for: ${dropped.map((d) => `"${d}"`).join(', ')}`);

    const ranking = await ranker.rank({ query, embedding, docIds, k, trace: req.trace, meter });
    trace.push(...ranking.trace);
    timings.push(...ranking.timings);
    const run = { meter, timings, trace };
    let pages: PageHit[] = ranking.pages.map((c) => ({ hop: 0, reason: ranking.reason, ...c }));
    if (rerank) pages = await this.reranker.rerank(ranker, query, pages, run);
    pages = await this.namedPages.first(query, docIds, embedding, pages, run);
    if (ranker.needs.warningsInTrace) trace.push(...ranking.warnings.map((w) => `warning: ${w}`));
    return {
      strategy: req.strategy,
      reranked: rerank,
      pages: pages.slice(0, req.k),
      timings,
      trace,
      steps: ranking.steps,
      warnings: ranking.warnings,
      cost: costOf(ranking, meter, timings, started),
    };
  }

  private async checkDocumentsExist(docIds: string[]): Promise<void> {
    const found = await Promise.all(docIds.map((id) => this.documents.get(id)));
    const missing = docIds.filter((_, i) => !found[i]);
    if (missing.length) {
      throw new RetrieveError(
        RetrieveErrorCode.DOCUMENT_NOT_FOUND,
        `No document with id ${missing.map((m) => `'${m}'`).join(', ')}. List documents with the 'documents' query.`,
      );
    }
  }
}

/** The searched text (answer-format instructions dropped) and the scope, or the typed error for a bad request. */
function validated(req: SearchRequest): { query: string; dropped: string[]; docIds: string[] | null } {
  if (!req.query.trim())
    throw new RetrieveError(RetrieveErrorCode.EMPTY_QUERY, 'The query is empty; ask something.');
  const { query, dropped } = searchQueryOf(req.query);
  if (!Number.isInteger(req.k) || req.k < 1 || req.k > MAX_K) {
    throw new RetrieveError(RetrieveErrorCode.BAD_K, `k must be an integer from 1 to ${MAX_K}.`);
  }
  return { query, dropped, docIds: req.scope.docIds?.length ? [...new Set(req.scope.docIds)] : null };
}

function costOf(
  ranking: Ranking,
  meter: UsageMeter,
  timings: StageTiming[],
  started: number,
): SearchResult['cost'] {
  const usage = meter.totals();
  return {
    judgeCalls: ranking.walk.judgeCalls,
    llmCalls: usage.calls,
    promptTokens: usage.promptTokens,
    completionTokens: usage.completionTokens,
    pagesVisited: ranking.walk.visited || ranking.pages.length,
    pagesJudged: ranking.walk.judged,
    stages: stageCosts(timings),
    totalMs: Math.round(performance.now() - started),
  };
}
