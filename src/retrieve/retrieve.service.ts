import { Inject, Injectable } from '@nestjs/common';
import { CrossEncoderReranker } from '../embed/cross-encoder';
import { EMBEDDER } from '../embed/embed.tokens';
import type { Embedder } from '../embed/embedder';
import { DocumentRepository } from '../graph/document.repository';
import { UsageMeter } from '../llm/llm-usage';
import { LlmService } from '../llm/llm.service';
import { EVIDENCE_EDGES, type EvidenceEdge, type EvidenceStep } from './evidence-step';
import { DmapRetriever } from './dmap/dmap-retriever';
import { type FinancialStatement, statementsNamed } from './financial-statements';
import { G2Retriever } from './g2/g2-retriever';
import type { WalkStep } from './walk-step';
import { buildLuceneQuery } from './lucene-query';
import {
  type CaptionLabel,
  captionLabelsOf,
  mergeNamedPages,
  namedPageLabel,
  type PageReference,
  pageReferencesOf,
  resolvePageReferences,
} from './named-pages';
import { searchQueryOf } from './search-query';
import { RetrieveError, RetrieveErrorCode } from './retrieve.errors';
import { fusedRerankOrder } from './rerank-fusion';
import { PageCandidate, RetrieveRepository, RRF_K } from './retrieve.repository';
import { TraceWalker } from './trace/trace-walker';
import type { PageHit, SearchRequest, SearchResult, StageTiming } from './retrieve.types';
import { stageCosts } from './stage-clock';

export const MAX_K = 50;
/** Pages re-ranked by the cross-encoder: enough to lift a page from rank ~10 into the top 3; each costs one pass. */
export const RERANK_DEPTH = 10;
/** Matched elements kept per page (evidence and the start of the page's re-ranking passage). */
const ELEMENTS_PER_PAGE = 3;
/** GRAPH: pages the walk starts from, the share of the gap to its seed a walked page closes, decay per hop. */
const GRAPH_SEEDS = 3;
const GRAPH_WALK_WEIGHT = 0.5;
const GRAPH_HOP_DECAY = 0.5;
/** Characters of a page passage given to the cross-encoder (~350 tokens: the matched elements first, then the page). */
const PASSAGE_CHARS = 1500;

/** Search over the document graph; each strategy's ranking runs as Cypher in Neo4j. */
@Injectable()
export class RetrieveService {
  constructor(
    private readonly repo: RetrieveRepository,
    private readonly documents: DocumentRepository,
    private readonly reranker: CrossEncoderReranker,
    private readonly llm: LlmService,
    @Inject(EMBEDDER) private readonly embedder: Embedder,
    private readonly traceWalker: TraceWalker,
    private readonly dmap: DmapRetriever,
    private readonly g2: G2Retriever,
  ) {}

  async search(req: SearchRequest, parentMeter = new UsageMeter()): Promise<SearchResult> {
    const started = performance.now();
    // This search's own LLM calls, rolled up into the caller's (ask adds the answer's).
    const meter = new UsageMeter(parentMeter);
    if (!req.query.trim())
      throw new RetrieveError(RetrieveErrorCode.EMPTY_QUERY, 'The query is empty; ask something.');
    const { query, dropped } = searchQueryOf(req.query);
    if (!Number.isInteger(req.k) || req.k < 1 || req.k > MAX_K) {
      throw new RetrieveError(RetrieveErrorCode.BAD_K, `k must be an integer from 1 to ${MAX_K}.`);
    }
    const docIds = req.scope.docIds?.length ? [...new Set(req.scope.docIds)] : null;

    const timings: StageTiming[] = [];
    const trace: string[] = [];
    let steps: EvidenceStep[] = [];
    const warnings: string[] = [];
    const walkStats = { visited: 0, judged: 0, judgeCalls: 0 };
    const timed = async <T>(stage: string, work: () => Promise<T>): Promise<T> => {
      const t0 = performance.now();
      try {
        return await work();
      } finally {
        timings.push({ stage, ms: Math.round(performance.now() - t0) });
      }
    };

    // The scope check (a Neo4j round trip) runs while the query is embedded: on a loaded machine each costs
    // tens of milliseconds, and a missing document still fails the search before any ranking runs.
    const [, vector] = await Promise.all([
      docIds ? this.checkDocumentsExist(docIds) : undefined,
      timed('embed-query', () => this.embedder.embedQuery(query)),
    ]);
    const embedding = Array.from(vector);
    const rerank = req.rerank ?? false;
    const depth = rerank ? Math.max(req.k, RERANK_DEPTH) : req.k;
    const base = { embedding, docIds, k: depth, perPage: ELEMENTS_PER_PAGE };
    trace.push(
      `scope: ${docIds ? `${docIds.length} document(s), exact scan` : 'whole corpus, vector index'}`,
    );
    if (dropped.length > 0)
      trace.push(`answer-format instructions not searched for: ${dropped.map((d) => `"${d}"`).join(', ')}`);
    // The pages of the financial statements the question names, for the strategies that fuse rankings.
    const statementPages = async () => {
      const pages = await this.repo.statementPages(query, docIds);
      if (pages.length > 0)
        trace.push(
          `financial statements asked for: ${pages.map((p) => `${p.docId} p. ${p.pageNumber}`).join(', ')} join the fusion at rank 1`,
        );
      return pages;
    };

    // A walk gives each page its own reason, hop and origin; the other strategies one reason for all.
    let candidates: Array<PageCandidate & Partial<Pick<PageHit, 'reason' | 'hop' | 'fromPage'>>>;
    let reason: string;
    switch (req.strategy) {
      case 'VECTOR': {
        const found = await timed('vector', () =>
          this.repo.vectorPages({ ...base, candidates: Math.max(50, depth * 8) }),
        );
        candidates = found.map(({ hasHead: _, ...c }) => c);
        reason = 'vector';
        const headless = [...new Set(found.filter((c) => !c.hasHead).map((c) => c.docId))];
        if (headless.length > 0)
          warnings.push(
            `pages of ${headless.length} document(s) (${headless.slice(0, 5).join(', ')}${headless.length > 5 ? ', …' : ''}) ` +
              `have no head vector (stored before page heads), so VECTOR ranked them by their best passage alone. ` +
              `Add the heads with: npm run folio -- reembed --all --units`,
          );
        trace.push(`VECTOR: nearest passages → ${candidates.length} pages by best passage and page head`);
        break;
      }
      case 'HYBRID':
      case 'PARENT_PAGE': {
        const parent = req.strategy === 'PARENT_PAGE';
        const luceneQuery = buildLuceneQuery(query, ['text'], docIds);
        const named = await statementPages();
        candidates = await timed(parent ? 'parent-page' : 'hybrid', () =>
          this.repo.hybridPages({
            ...base,
            statementPages: named,
            candidates: parent ? 60 : 50,
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
      case 'GRAPH': {
        const luceneQuery = buildLuceneQuery(query, ['text'], docIds);
        const named = await statementPages();
        // The SIMILAR_TO check runs beside the walk (one round trip less to wait for).
        const [walked, unenriched] = await timed('graph-walk', () =>
          Promise.all([
            this.repo.graphWalkPages({
              ...base,
              statementPages: named,
              candidates: 50,
              luceneQuery,
              rrfK: RRF_K,
              seeds: GRAPH_SEEDS,
              walkWeight: GRAPH_WALK_WEIGHT,
              hopDecay: GRAPH_HOP_DECAY,
            }),
            this.repo.documentsWithoutSimilar(docIds),
          ]),
        );
        candidates = walked.map(({ via, ...c }) => ({ ...c, reason: `graph:${via}` }));
        reason = 'graph';
        steps = walked.map((w, i) => graphStep(w, i, query));
        walkStats.visited = walked.length;
        // GRAPH walks NEXT_PAGE too, so without SIMILAR_TO it still works: say so rather than fail.
        if (unenriched.length > 0) {
          const shown = unenriched.slice(0, 5);
          warnings.push(
            `no SIMILAR_TO edges in ${unenriched.length} document(s) (${shown.join(', ')}${unenriched.length > 5 ? ', …' : ''}); ` +
              `GRAPH walked NEXT_PAGE, REFERS_TO, CAPTIONS and sections only there. Add semantic edges with: ` +
              `npm run folio -- enrich ${shown.join(' ')} --stages similar`,
          );
        }
        trace.push(
          `GRAPH: HYBRID seeds (top ${GRAPH_SEEDS}) walked over NEXT_PAGE/SIMILAR_TO (≤ 2 hops), REFERS_TO, CAPTIONS, sections → ` +
            `${candidates.length} pages; ${walked.filter((w) => w.via !== 'seed').length} placed by the walk`,
        );
        for (const w of walked.filter((x) => x.via !== 'seed')) {
          trace.push(`  p.${w.pageNumber} ← ${w.via} from p.${w.fromPage} (hop ${w.hop})`);
        }
        break;
      }
      case 'SUMMARY_TREE': {
        // MMRAG-DocQA summary retrieval over the enrich `tree` stage's nodes; without a tree it reads leaves only.
        const luceneQuery = buildLuceneQuery(query, ['text'], docIds);
        const named = await statementPages();
        candidates = await timed('summary-tree', () =>
          this.repo.summaryTreePages({
            ...base,
            statementPages: named,
            candidates: Math.max(50, depth * 4),
            luceneQuery,
            rrfK: RRF_K,
          }),
        );
        reason = 'summary-tree';
        trace.push(
          `SUMMARY_TREE: nearest tree nodes (cluster summaries + passages; clusters weighted by their leaves per page) ` +
            `fused by RRF with full-text (${luceneQuery ? 'terms' : 'no terms'}) → ${candidates.length} pages`,
        );
        break;
      }
      case 'TRACE': {
        const walked = await this.traceWalker.walk({
          question: query,
          embedding,
          docIds,
          k: depth,
          options: req.trace,
          meter,
        });
        candidates = walked.pages;
        reason = 'trace';
        trace.push(...walked.trace);
        timings.push(...walked.timings);
        steps = walked.steps;
        warnings.push(...walked.warnings);
        walkStats.visited = walked.stats.visited;
        walkStats.judged = walked.stats.judged;
        walkStats.judgeCalls = walked.stats.crossEncoderCalls + walked.stats.llmCalls;
        break;
      }
      case 'DMAP':
      case 'G2': {
        const walk = { question: query, embedding, docIds, k: depth, meter };
        const walked =
          req.strategy === 'DMAP' ? await this.dmap.retrieve(walk) : await this.g2.retrieve(walk);
        candidates = walked.pages;
        reason = req.strategy.toLowerCase();
        trace.push(...walked.trace);
        timings.push(...walked.timings);
        steps = walked.steps.map(evidenceStepOf);
        walkStats.visited = new Set(walked.steps.map((s) => `${s.docId}:${s.pageNumber}`)).size;
        walkStats.judged = walked.steps.filter((s) => s.verdict !== null).length;
        break;
      }
    }

    let pages: PageHit[] = candidates.map((c) => ({ hop: 0, reason, ...c }));
    if (rerank && (req.strategy === 'TRACE' || req.strategy === 'DMAP')) {
      trace.push(`RERANK: not applied; ${req.strategy} has judged its pages already (cross-encoder or LLM)`);
    } else if (rerank && pages.length > 0) {
      // MMRAG-DocQA scores parent pages 0–1 with the LLM; the cross-encoder does it offline and for other strategies.
      const byLlm = req.strategy === 'PARENT_PAGE' && this.llm.enabled;
      pages = await timed('rerank', () =>
        byLlm ? this.llmRelevance(query, pages, meter) : this.rerankPages(query, pages),
      );
      trace.push(
        `RERANK: ${byLlm ? 'LLM' : 'cross-encoder'} relevance (0–1) over the top ${pages.length} pages`,
      );
    }
    // Pages, figures, tables and statements the question names come first; only within one document ("page 14" of
    // which?).
    const named = {
      refs: pageReferencesOf(query),
      labels: captionLabelsOf(query),
      statements: statementsNamed(query),
    };
    if (docIds?.length === 1 && named.refs.length + named.labels.length + named.statements.length > 0) {
      const docId = docIds[0]!;
      pages = await timed('named-pages', () => this.namedPagesFirst(docId, named, embedding, pages, trace));
    }
    for (const w of warnings) if (req.strategy !== 'TRACE') trace.push(`warning: ${w}`);
    const usage = meter.totals();
    return {
      strategy: req.strategy,
      reranked: rerank,
      pages: pages.slice(0, req.k),
      timings,
      trace,
      steps,
      warnings,
      cost: {
        judgeCalls: walkStats.judgeCalls,
        llmCalls: usage.calls,
        promptTokens: usage.promptTokens,
        completionTokens: usage.completionTokens,
        pagesVisited: walkStats.visited || candidates.length,
        pagesJudged: walkStats.judged,
        stages: stageCosts(timings),
        totalMs: Math.round(performance.now() - started),
      },
    };
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
   * pages by its rank fused with the strategy's own (RRF_K); a page's score becomes the cross-encoder's 0–1
   * relevance. Ordering by the cross-encoder alone lost to the strategy it re-ranked (dev R@3: HYBRID 60.4,
   * re-ordered 57.7, FinanceBench 52.2 → 21.7: it reads statement tables poorly); fused: 59.4, R@1 39.1 → 40.3.
   */
  private async rerankPages(query: string, pages: PageHit[]): Promise<PageHit[]> {
    const texts = await this.repo.pagePassages(pages.map(({ docId, pageNumber }) => ({ docId, pageNumber })));
    const textOf = new Map(texts.map((t) => [`${t.docId}:${t.pageNumber}`, t.text]));
    const passages = pages.map((p) => {
      const lead = p.elements.map((e) => e.text).join('\n');
      return `${lead}\n${textOf.get(`${p.docId}:${p.pageNumber}`) ?? ''}`.slice(0, PASSAGE_CHARS);
    });
    const scores = await this.reranker.score(query, passages);
    return fusedRerankOrder(scores, RRF_K).map((i) => ({
      ...pages[i]!,
      score: scores[i] ?? 0,
      reason: `${pages[i]!.reason}+rerank`,
    }));
  }

  /**
   * The pages the question names ("the chart on page 14", "the first slide", "Figure 3", "the balance sheet") ahead
   * of the strategy's ranking, pages by number first (named-pages.ts); a named page the strategy did not return is
   * read with its passages nearest the question. Only within one document: across several, "page 14" names no page.
   */
  private async namedPagesFirst(
    docId: string,
    named: { refs: PageReference[]; labels: CaptionLabel[]; statements: FinancialStatement[] },
    embedding: number[],
    pages: PageHit[],
    trace: string[],
  ): Promise<PageHit[]> {
    const { refs, labels, statements } = named;
    const [numbering, captioned, statementPages] = await Promise.all([
      refs.length > 0 ? this.repo.pageNumbering(docId) : null,
      labels.length > 0 ? this.repo.captionedPages(docId, labels) : [],
      statements.length > 0 ? this.repo.namedStatementPages(docId, statements) : [],
    ]);
    const namedPages = mergeNamedPages(numbering ? resolvePageReferences(refs, numbering) : [], [
      ...captioned,
      ...statementPages,
    ]);
    if (namedPages.length === 0) {
      trace.push('pages the question names: none of them in the document');
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
      for (const page of read) ranked.set(page.pageNumber, { ...page, hop: 0, reason: 'named-page' });
    }
    const first = namedPages.flatMap((n) => ranked.get(n.pageNumber) ?? []);
    trace.push(`pages the question names, ranked first: ${namedPages.map(namedPageLabel).join(', ')}`);
    return [...first, ...pages.filter((p) => !first.includes(p))];
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

const isEvidenceEdge = (via: string): via is EvidenceEdge =>
  (EVIDENCE_EDGES as readonly string[]).includes(via);

/** A GRAPH page as an evidence step: no judge, the walk's own score and the edge that placed the page. */
function graphStep(
  w: { docId: string; pageNumber: number; score: number; hop: number; via: string; fromPage: number | null },
  index: number,
  query: string,
): EvidenceStep {
  const via = isEvidenceEdge(w.via) ? w.via : 'seed';
  return {
    step: index + 1,
    subQuery: query,
    docId: w.docId,
    pageNumber: w.pageNumber,
    via,
    fromPage: via === 'seed' ? null : w.fromPage,
    hop: w.hop,
    verdict: 'NOT_JUDGED',
    score: w.score,
    judge: null,
    reason:
      via === 'seed'
        ? 'HYBRID seed (vector + full-text)'
        : `${w.via} from p.${w.fromPage} (hop ${w.hop}); scored by its own similarity and its seed's, decayed`,
  };
}

/** A DMAP/G2 walk step in the evidence-chain shape every walking strategy returns. */
function evidenceStepOf(step: WalkStep, index: number): EvidenceStep {
  return {
    step: index + 1,
    subQuery: step.subQuery,
    docId: step.docId,
    pageNumber: step.pageNumber,
    via: evidenceEdgeOf(step),
    fromPage: step.fromPage,
    hop: step.hop,
    verdict: step.verdict ?? 'NOT_JUDGED',
    score: step.score,
    judge: step.verdict ? 'cross-encoder' : null,
    // The entry path (structure / text / visual / gap) is kept in the reason when the edge is a seed.
    reason:
      evidenceEdgeOf(step) === 'seed' && step.via !== 'seed' ? `${step.via}: ${step.reason}` : step.reason,
  };
}

function evidenceEdgeOf(step: WalkStep): EvidenceEdge {
  if ((EVIDENCE_EDGES as readonly string[]).includes(step.via)) return step.via as EvidenceEdge;
  if (step.via === 'next-element' || step.via === 'previous-element') {
    if (step.fromPage !== null && step.fromPage > step.pageNumber) return 'previous-page';
    if (step.fromPage !== null && step.fromPage < step.pageNumber) return 'next-page';
    return 'relates-to';
  }
  return 'seed';
}
