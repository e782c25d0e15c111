import { Inject, Injectable } from '@nestjs/common';
import { EMBEDDER } from '../embed/embed.tokens';
import type { Embedder } from '../embed/embedder';
import { UsageMeter } from '../llm/llm-usage';
import { emptyCost } from './evidence-step';
import { DocumentVocabularies } from './document-vocabularies';
import { NamedPagesService } from './named-pages.service';
import type { DocumentVocabulary } from './answerability';
import { respelled, respellingNote, unknownWords } from './question-spelling';
import { PageReranker } from './rankers/page-reranker';
import { RANKERS, type RankerRegistry, type Ranking, timed } from './rankers/ranker';
import { RetrieveError, RetrieveErrorCode } from './retrieve.errors';
import { SearchScopeService } from './routing/search-scope.service';
import type { PageHit, SearchRequest, SearchResult, StageTiming } from './retrieve.types';
import { searchQueryOf } from './search-query';
import { stageCosts } from './stage-clock';

export const MAX_K = 50;
/** Pages re-ranked by the cross-encoder: enough to lift a page from rank ~10 into the top 3; each costs one pass. */
export const RERANK_DEPTH = 10;

/**
 * Search over the document graph: scope (an unscoped search routed to its documents first), embed, the strategy's
 * ranker, RERANK, the pages of unrouted documents that clearly beat the routed ones, the pages the question names.
 */
@Injectable()
export class RetrieveService {
  constructor(
    @Inject(RANKERS) private readonly rankers: RankerRegistry,
    private readonly reranker: PageReranker,
    private readonly namedPages: NamedPagesService,
    private readonly scopes: SearchScopeService,
    @Inject(EMBEDDER) private readonly embedder: Embedder,
    private readonly vocabularies: DocumentVocabularies,
  ) {}

  async search(req: SearchRequest, parentMeter = new UsageMeter()): Promise<SearchResult> {
    const started = performance.now();
    // This search's own LLM calls, rolled up into the caller's (ask adds the answer's).
    const meter = new UsageMeter(parentMeter);
    const { query: asked, dropped } = validated(req);
    const ranker = this.rankers[req.strategy];
    const timings: StageTiming[] = [];
    // The scope check (a Neo4j round trip), the documents' spelling and routing's word signals run while the query
    // is embedded; a missing document or a bad filter still fails the search before any ranking runs.
    const vocabulary = this.scopedVocabulary(asked, req.scope.docIds, timings);
    const embedded = timed(timings, 'embed-query', () => this.embedder.embedQuery(asked)).then((v) =>
      Array.from(v),
    );
    for (const pending of [vocabulary, embedded]) pending.catch(() => undefined); // awaited below, after the scope
    const admitted = await this.scopes.admitted(req.scope);
    const scope = await this.scopes.resolve(
      req.scope,
      admitted,
      req.routing,
      { query: asked, embedding: embedded },
      { timings, meter },
    );
    const words = await vocabulary;
    const knowsWord = this.embedder.knowsWord;
    const respelling = words && knowsWord ? respelled(asked, words.spellings, knowsWord) : null;
    const query = respelling?.question ?? asked;
    const embedding = respelling
      ? Array.from(await timed(timings, 'embed-query', () => this.embedder.embedQuery(query)))
      : await embedded;
    const docIds = scope.docIds;
    const trace = [...scope.trace];
    if (respelling) trace.push(`spelling: ${respellingNote(respelling)}`);
    if (dropped.length > 0)
      trace.push(`answer-format instructions not searched for: ${dropped.map((d) => `"${d}"`).join(', ')}`);
    if (docIds?.length === 0) return emptyResult(req, timings, trace, started);
    const rerank = req.rerank ?? false;
    const k = rerank ? Math.max(req.k, RERANK_DEPTH) : req.k;

    const ranking = await ranker.rank({ query, embedding, docIds, k, trace: req.trace, meter });
    trace.push(...ranking.trace);
    timings.push(...ranking.timings);
    const warnings = [...ranking.warnings];
    const run = { meter, timings, trace, warnings };
    let pages: PageHit[] = ranking.pages.map((c) => ({ hop: 0, reason: ranking.reason, ...c }));
    if (rerank) pages = await this.reranker.rerank(ranker, query, pages, run);
    pages = await this.scopes.withEscapes(scope, pages, embedding, timings);
    // A routed search reads the pages a question names ("page 14", "Figure 3") in each routed document, the first
    // routed document's first: such questions rarely say which document they mean.
    for (const named of scope.route ? [...(docIds ?? [])].reverse().map((id) => [id]) : [docIds])
      pages = await this.namedPages.first(query, named, embedding, pages, run);
    if (ranker.needs.warningsInTrace) trace.push(...warnings.map((w) => `warning: ${w}`));
    return {
      strategy: req.strategy,
      reranked: rerank,
      pages: pages.slice(0, req.k),
      timings,
      trace,
      steps: ranking.steps,
      warnings,
      cost: costOf(ranking, meter, timings, started),
      ...(respelling ? { respelling } : {}),
    };
  }

  /** What the documents a search is scoped to print, to spell its question by; null unscoped or with no word list. */
  private async scopedVocabulary(
    question: string,
    docIds: string[] | undefined,
    timings: StageTiming[],
  ): Promise<DocumentVocabulary | null> {
    const knowsWord = this.embedder.knowsWord;
    // most questions hold only words of the language: nothing to spell, so no document is read for it
    if (!docIds?.length || !knowsWord || unknownWords(question, knowsWord).length === 0) return null;
    return timed(timings, 'spelling', () => this.vocabularies.of(docIds));
  }
}

/** No document to search (none READY in scope): no pages, not an error. */
function emptyResult(
  req: SearchRequest,
  timings: StageTiming[],
  trace: string[],
  started: number,
): SearchResult {
  return {
    strategy: req.strategy,
    reranked: req.rerank ?? false,
    pages: [],
    timings,
    trace,
    steps: [],
    warnings: [],
    cost: { ...emptyCost(), stages: stageCosts(timings), totalMs: Math.round(performance.now() - started) },
  };
}

/** The searched text (answer-format instructions dropped) and the scope, or the typed error for a bad request. */
function validated(req: SearchRequest): { query: string; dropped: string[] } {
  if (!req.query.trim())
    throw new RetrieveError(RetrieveErrorCode.EMPTY_QUERY, 'The query is empty; ask something.');
  const { query, dropped } = searchQueryOf(req.query);
  if (!Number.isInteger(req.k) || req.k < 1 || req.k > MAX_K) {
    throw new RetrieveError(RetrieveErrorCode.BAD_K, `k must be an integer from 1 to ${MAX_K}.`);
  }
  return { query, dropped };
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
