// Fakes for RetrieveService's specs: rankers that return pages 1..k of document 'd', and the service wired over them
// with fake repositories, a cross-encoder that prefers later pages, and optional routing and spelling.
import type { BBox } from '../../document/document-model';
import type { CrossEncoderReranker } from '../../embed/cross-encoder';
import type { Embedder } from '../../embed/embedder';
import type { FolioConfig } from '../../config/folio-config';
import type { DocumentRepository } from '../../graph/document.repository';
import type { LlmService } from '../../llm/llm.service';
import { NamedPagesService } from '../named-pages.service';
import { PageReranker } from '../rankers/page-reranker';
import type { RankRequest, Ranker, RankerNeeds, RankerRegistry, Ranking } from '../rankers/ranker';
import type { RetrieveRepository } from '../retrieve.repository';
import { RetrieveService } from '../retrieve.service';
import { DocumentRouter } from '../routing/document-router';
import type { RoutingSignal, SignalHit } from '../routing/document-routing';
import { DocumentVocabularies } from '../document-vocabularies';
import type { RoutingRepository } from '../routing/routing.repository';
import { SearchScopeService } from '../routing/search-scope.service';
import { STRATEGIES, type SearchRequest, type Strategy } from '../retrieve.types';

/** A ranker that returns pages 1..n of document 'd' in order and records what it was asked. */
export class FakeRanker<S extends Strategy> implements Ranker<S> {
  readonly requests: RankRequest[] = [];
  constructor(
    readonly strategy: S,
    readonly needs: RankerNeeds,
    private readonly extra: Partial<Ranking> = {},
  ) {}

  async rank(req: RankRequest): Promise<Ranking> {
    this.requests.push(req);
    const pages = Array.from({ length: req.k }, (_, i) => ({
      docId: 'd',
      pageNumber: i + 1,
      score: 1 - i / 100,
      elements: [
        {
          elementId: `e${i + 1}`,
          kind: 'paragraph',
          text: `page ${i + 1}`,
          bbox: [0, 0, 1, 1] as BBox,
          score: 1,
        },
      ],
    }));
    return {
      pages,
      reason: this.strategy.toLowerCase(),
      trace: [`${this.strategy} ranked`],
      steps: [],
      timings: [{ stage: 'fake', ms: 1 }],
      warnings: [],
      walk: { visited: 0, judged: 0, judgeCalls: 0 },
      ...this.extra,
    };
  }
}

/** The signals route-documents-text reads (the fake repository splits the test's hits the same way). */
const TEXT_SIGNALS: ReadonlySet<RoutingSignal> = new Set(['title', 'outline', 'passage-text']);
export const crossEncoded: RankerNeeds = { rerank: 'cross-encoder', enrichment: [], warningsInTrace: true };

export function registry(overrides: Partial<{ [S in Strategy]: FakeRanker<S> }> = {}) {
  const all = Object.fromEntries(
    STRATEGIES.map((s) => [s, overrides[s] ?? new FakeRanker(s, crossEncoded)]),
  ) as unknown as { [S in Strategy]: FakeRanker<S> };
  return all;
}

/** The service over fake rankers; the cross-encoder prefers later pages, so a re-ranked list changes order. */
export function serviceOver(
  rankers: RankerRegistry,
  llm: Partial<LlmService> = { enabled: false },
  routing: { on: boolean; hits?: SignalHit[]; filtered?: string[] } = { on: false },
  spelling: { knowsWord?: (word: string) => boolean; pageText?: string } = {},
) {
  const scored: string[][] = [];
  const embedded: string[] = [];
  const repo = {
    documentVersions: async (docIds: string[]) => docIds.map((docId) => ({ docId, version: 'v1' })),
    documentPageTexts: async (docIds: string[]) =>
      docIds.map((docId) => ({ docId, pageNumber: 1, text: spelling.pageText ?? '' })),
    pagePassages: async (pages: Array<{ docId: string; pageNumber: number }>) =>
      pages.map((p) => ({ ...p, text: `text of ${p.pageNumber}` })),
    pageNumbering: async () => ({ pageCount: 20, furniture: [] }),
    captionedPages: async () => [],
    namedStatementPages: async () => [],
    namedPages: async (q: { docId: string; pageNumbers: number[] }) =>
      q.pageNumbers.map((n) => ({ docId: q.docId, pageNumber: n, score: 0.5, elements: [] })),
  } as unknown as RetrieveRepository;
  const crossEncoder = {
    score: async (_query: string, passages: string[]) => {
      scored.push(passages);
      return passages.map((_, i) => i / passages.length);
    },
  } as unknown as CrossEncoderReranker;
  const documents = {
    get: async (id: string) => (id === 'missing' ? null : { id }),
  } as unknown as DocumentRepository;
  const embedder = {
    embedQuery: async (text: string) => (embedded.push(text), new Float32Array([0.5, 0.5])),
    knowsWord: spelling.knowsWord,
  } as unknown as Embedder;
  const routingRepo = {
    textHits: async () => (routing.hits ?? []).filter((h) => TEXT_SIGNALS.has(h.signal)),
    vectorHits: async () => (routing.hits ?? []).filter((h) => !TEXT_SIGNALS.has(h.signal)),
    filteredDocuments: async () => routing.filtered ?? [],
  } as unknown as RoutingRepository;
  const config = { retrieve: { routing: routing.on } } as FolioConfig;
  const scopes = new SearchScopeService(
    documents,
    routingRepo,
    new DocumentRouter(routingRepo, repo, llm as LlmService),
    config,
  );
  const service = new RetrieveService(
    rankers,
    new PageReranker(repo, crossEncoder, llm as LlmService),
    new NamedPagesService(repo),
    scopes,
    embedder,
    new DocumentVocabularies(repo),
  );
  return { service, scored, embedded };
}

export const request = (strategy: Strategy, extra: Partial<SearchRequest> = {}): SearchRequest => ({
  query: 'what grew in 2023',
  strategy,
  scope: {},
  k: 3,
  ...extra,
});

/** A routing signal's hit on document `docId`. */
export const hit = (
  docId: string,
  signal: SignalHit['signal'],
  score: number,
  pageNumber: number | null = null,
) => ({ docId, title: `title of ${docId}`, signal, score, pageNumber, evidence: null }) satisfies SignalHit;
