import { Inject, Injectable } from '@nestjs/common';
import { CrossEncoderReranker } from '../embed/cross-encoder';
import { EMBEDDER } from '../embed/embed.tokens';
import type { Embedder } from '../embed/embedder';
import { DocumentRepository } from '../graph/document.repository';
import { ExtractiveAnswerer } from './extractive-answer';
import { buildLuceneQuery } from './lucene-query';
import { RetrieveError, RetrieveErrorCode } from './retrieve.errors';
import { PageCandidate, RetrieveRepository } from './retrieve.repository';
import type { AskResult, PageHit, SearchRequest, SearchResult, StageTiming, Strategy } from './retrieve.types';

export const MAX_K = 50;
/** Pages re-ranked by the cross-encoder: enough to lift a page from rank ~15 into the top 3. */
export const RERANK_DEPTH = 15;
/** Matched elements kept per page (evidence and the start of the page's re-ranking passage). */
const ELEMENTS_PER_PAGE = 3;
const RRF_K = 60;
/** Characters of a page passage given to the cross-encoder (it reads at most 512 tokens anyway). */
const PASSAGE_CHARS = 2400;

export interface AskOptions {
  strategy?: Strategy;
  scope?: SearchRequest['scope'];
  rerank?: boolean;
}

/** Search and cited answers over the document graph; each strategy's ranking runs as Cypher in Neo4j. */
@Injectable()
export class RetrieveService {
  constructor(
    private readonly repo: RetrieveRepository,
    private readonly documents: DocumentRepository,
    private readonly reranker: CrossEncoderReranker,
    private readonly answerer: ExtractiveAnswerer,
    @Inject(EMBEDDER) private readonly embedder: Embedder,
  ) {}

  async search(req: SearchRequest): Promise<SearchResult> {
    const query = req.query.trim();
    if (!query) throw new RetrieveError(RetrieveErrorCode.EMPTY_QUERY, 'The query is empty; ask something.');
    if (!Number.isInteger(req.k) || req.k < 1 || req.k > MAX_K) {
      throw new RetrieveError(RetrieveErrorCode.BAD_K, `k must be an integer from 1 to ${MAX_K}.`);
    }
    const docIds = req.scope.docIds?.length ? [...new Set(req.scope.docIds)] : null;
    if (docIds) await this.checkDocumentsExist(docIds);

    const timings: StageTiming[] = [];
    const trace: string[] = [];
    const timed = async <T>(stage: string, work: () => Promise<T>): Promise<T> => {
      const t0 = performance.now();
      try {
        return await work();
      } finally {
        timings.push({ stage, ms: Math.round(performance.now() - t0) });
      }
    };

    const embedding = Array.from(await timed('embed-query', () => this.embedder.embedQuery(query)));
    const rerank = req.rerank ?? false;
    const depth = rerank ? Math.max(req.k, RERANK_DEPTH) : req.k;
    const base = { embedding, docIds, k: depth, perPage: ELEMENTS_PER_PAGE };
    trace.push(`scope: ${docIds ? `${docIds.length} document(s), exact scan` : 'whole corpus, vector index'}`);

    let candidates: PageCandidate[];
    let reason: string;
    switch (req.strategy) {
      case 'VECTOR':
        candidates = await timed('vector', () => this.repo.vectorPages({ ...base, candidates: Math.max(50, depth * 8) }));
        reason = 'vector';
        trace.push(`VECTOR: nearest elements → ${candidates.length} pages by best element`);
        break;
      case 'HYBRID':
      case 'PARENT_PAGE': {
        const parent = req.strategy === 'PARENT_PAGE';
        const luceneQuery = buildLuceneQuery(query, ['text', 'description'], docIds);
        candidates = await timed(parent ? 'parent-page' : 'hybrid', () =>
          this.repo.hybridPages({
            ...base,
            candidates: parent ? 100 : 50,
            luceneQuery,
            rrfK: RRF_K,
            aggregate: parent ? 'sum' : 'max',
          }),
        );
        reason = parent ? 'parent-page' : 'hybrid';
        trace.push(
          `${req.strategy}: vector + full-text (${luceneQuery ? 'terms' : 'no terms'}) fused by RRF → ` +
            `${candidates.length} pages by ${parent ? 'summed element evidence' : 'best element'}`,
        );
        break;
      }
    }

    let pages: PageHit[] = candidates.map((c) => ({ ...c, reason, hop: 0 }));
    if (rerank && pages.length > 0) {
      pages = await timed('rerank', () => this.rerankPages(query, pages));
      trace.push(`RERANK: cross-encoder relevance (0–1) over the top ${pages.length} pages`);
    }
    return { strategy: req.strategy, reranked: rerank, pages: pages.slice(0, req.k), timings, trace };
  }

  async ask(question: string, opts: AskOptions = {}): Promise<AskResult> {
    const t0 = performance.now();
    const search = await this.search({
      query: question,
      strategy: opts.strategy ?? 'HYBRID',
      scope: opts.scope ?? {},
      k: 5,
      rerank: opts.rerank ?? true,
    });
    const answer = this.answerer.answer(question, search);
    search.timings.push({ stage: 'answer', ms: Math.round(performance.now() - t0 - sum(search.timings)) });
    return {
      question,
      ...answer,
      search,
      usage: { calls: 0, promptTokens: 0, completionTokens: 0 },
      warnings: [],
    };
  }

  /** Scores each page as a whole (its matched elements first, then its text) with the cross-encoder. */
  private async rerankPages(query: string, pages: PageHit[]): Promise<PageHit[]> {
    const texts = await this.repo.pagePassages(pages.map(({ docId, pageNumber }) => ({ docId, pageNumber })));
    const textOf = new Map(texts.map((t) => [`${t.docId}:${t.pageNumber}`, t.text]));
    const passages = pages.map((p) => {
      const lead = p.elements.map((e) => e.text).join('\n');
      return `${lead}\n${textOf.get(`${p.docId}:${p.pageNumber}`) ?? ''}`.slice(0, PASSAGE_CHARS);
    });
    const scores = await this.reranker.score(query, passages);
    return pages
      .map((p, i) => ({ ...p, score: scores[i] ?? 0, reason: `${p.reason}+rerank` }))
      .sort((a, b) => b.score - a.score);
  }

  private async checkDocumentsExist(docIds: string[]): Promise<void> {
    const missing: string[] = [];
    for (const id of docIds) if (!(await this.documents.get(id))) missing.push(id);
    if (missing.length) {
      throw new RetrieveError(
        RetrieveErrorCode.DOCUMENT_NOT_FOUND,
        `No document with id ${missing.map((m) => `'${m}'`).join(', ')}. List documents with the 'documents' query.`,
      );
    }
  }
}

const sum = (timings: StageTiming[]) => timings.reduce((n, t) => n + t.ms, 0);
