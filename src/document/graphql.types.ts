/*
 * -------------------------------------------------------
 * THIS FILE WAS AUTOMATICALLY GENERATED (DO NOT MODIFY)
 * -------------------------------------------------------
 */

/* tslint:disable */

// Regenerate with `npm run graphql:types`.
import type { FileUpload } from 'graphql-upload-minimal';
export type Strategy =
  'VECTOR' | 'HYBRID' | 'PARENT_PAGE' | 'SUMMARY_TREE' | 'GRAPH' | 'TRACE' | 'DMAP' | 'G2';
export type EvidenceEdge =
  'SEED' | 'NEXT_PAGE' | 'PREVIOUS_PAGE' | 'SIMILAR' | 'REFERS_TO' | 'SECTION' | 'RELATES_TO' | 'CAPTIONS';
export type EvidenceVerdict = 'RELEVANT' | 'IRRELEVANT' | 'NOT_JUDGED';
export type AnswerKind = 'NUMBER' | 'PERCENTAGE' | 'DATE' | 'COUNT' | 'NAME' | 'LIST' | 'YES_NO' | 'TEXT';
export type IngestionJobStatus = 'QUEUED' | 'RUNNING' | 'SUCCEEDED' | 'FAILED';
export type DocumentStatus = 'INGESTING' | 'READY' | 'FAILED';
export type DocumentKind = 'TEXT' | 'SLIDES' | 'SCANNED';
export type ElementKind =
  | 'HEADING'
  | 'PARAGRAPH'
  | 'LIST'
  | 'TABLE'
  | 'FIGURE'
  | 'CHART'
  | 'CAPTION'
  | 'FORMULA'
  | 'FOOTNOTE'
  | 'PAGE_HEADER'
  | 'PAGE_FOOTER';
export type EnrichmentStage = 'SUMMARIES' | 'SIMILAR' | 'EVOLVE' | 'TREE';
export type EnrichmentMode = 'LLM' | 'OFFLINE';
export type SummaryKind = 'PAGE' | 'SECTION' | 'DOCUMENT' | 'CLUSTER';
export type ApiScope = 'READ' | 'WRITE' | 'ADMIN';

export interface ScopeInput {
  docIds?: Nullable<string[]>;
  filter?: Nullable<DocumentFilterInput>;
}

export interface DocumentFilterInput {
  titleContains?: Nullable<string>;
  tags?: Nullable<string[]>;
  kinds?: Nullable<DocumentKind[]>;
  ingestedAfter?: Nullable<string>;
  ingestedBefore?: Nullable<string>;
}

export interface IngestOptionsInput {
  title?: Nullable<string>;
  tags?: Nullable<string[]>;
  password?: Nullable<string>;
  replace?: Nullable<boolean>;
}

export interface IQuery {
  health(): Health | Promise<Health>;
  documents(
    first?: Nullable<number>,
    after?: Nullable<string>,
    status?: Nullable<DocumentStatus[]>,
  ): DocumentConnection | Promise<DocumentConnection>;
  document(id: string): Document | Promise<Document>;
  page(docId: string, number: number): Page | Promise<Page>;
  element(id: string): Element | Promise<Element>;
  ingestionJob(id: string): IngestionJob | Promise<IngestionJob>;
  search(
    query: string,
    strategy?: Nullable<Strategy>,
    scope?: Nullable<ScopeInput>,
    k?: Nullable<number>,
    rerank?: Nullable<boolean>,
  ): SearchResult | Promise<SearchResult>;
  ask(
    question: string,
    strategy?: Nullable<Strategy>,
    scope?: Nullable<ScopeInput>,
    rerank?: Nullable<boolean>,
  ): Answer | Promise<Answer>;
  corpusStats(): GraphStats | Promise<GraphStats>;
  enrichmentJob(id: string): EnrichmentJob | Promise<EnrichmentJob>;
  analytics(docId: string, hubPages?: Nullable<number>): DocumentAnalytics | Promise<DocumentAnalytics>;
  corpusAnalytics(): CorpusAnalytics | Promise<CorpusAnalytics>;
  apiKeys(): ApiKey[] | Promise<ApiKey[]>;
}

export interface SearchResult {
  strategy: Strategy;
  reranked: boolean;
  pages: PageHit[];
  timings: StageTiming[];
  trace: string[];
  steps: EvidenceStep[];
  cost: RetrievalCost;
  warnings: string[];
}

export interface EvidenceStep {
  step: number;
  subQuery?: Nullable<string>;
  docId: string;
  pageNumber: number;
  via: EvidenceEdge;
  fromPage?: Nullable<number>;
  hop: number;
  verdict: EvidenceVerdict;
  score?: Nullable<number>;
  judge?: Nullable<string>;
  reason: string;
}

export interface RetrievalCost {
  judgeCalls: number;
  llmCalls: number;
  promptTokens: number;
  completionTokens: number;
  pagesVisited: number;
  pagesJudged: number;
  stages: StageTiming[];
  totalMs: number;
}

export interface PageHit {
  docId: string;
  pageNumber: number;
  score: number;
  reason: string;
  hop: number;
  fromPage?: Nullable<number>;
  elements: ElementEvidence[];
  page?: Nullable<Page>;
}

export interface ElementEvidence {
  elementId: string;
  kind: ElementKind;
  text: string;
  bbox: number[];
  score: number;
}

export interface StageTiming {
  stage: string;
  ms: number;
}

export interface Answer {
  question: string;
  answer: TypedAnswer;
  answerable: boolean;
  mode: string;
  format: string;
  analysis?: Nullable<string>;
  citations: Citation[];
  search: SearchResult;
  usage: LlmUsage;
  warnings: string[];
  browserQuery?: Nullable<string>;
}

export interface TypedAnswer {
  text: string;
  kind: AnswerKind;
  value?: Nullable<string>;
  unit?: Nullable<string>;
  scale?: Nullable<string>;
  items: string[];
  formula?: Nullable<string>;
}

export interface Citation {
  docId: string;
  pageNumber: number;
  elementId?: Nullable<string>;
  bbox?: Nullable<number[]>;
  quote: string;
  score: number;
  step?: Nullable<number>;
  imageUrl: string;
}

export interface LlmUsage {
  calls: number;
  promptTokens: number;
  completionTokens: number;
}

export interface IMutation {
  ingestDocument(
    file?: Nullable<Upload>,
    path?: Nullable<string>,
    options?: Nullable<IngestOptionsInput>,
  ): IngestionJob | Promise<IngestionJob>;
  deleteDocument(id: string): DeleteDocumentResult | Promise<DeleteDocumentResult>;
  enrichDocument(
    id: string,
    stages?: Nullable<EnrichmentStage[]>,
    mode?: Nullable<EnrichmentMode>,
    crossDocument?: Nullable<boolean>,
  ): EnrichmentJob | Promise<EnrichmentJob>;
  createApiKey(name: string, scopes: ApiScope[]): CreatedApiKey | Promise<CreatedApiKey>;
  revokeApiKey(id: string): ApiKey | Promise<ApiKey>;
}

export interface IngestionJob {
  id: string;
  status: IngestionJobStatus;
  fileName: string;
  stage?: Nullable<string>;
  done: number;
  total: number;
  document?: Nullable<Document>;
  error?: Nullable<string>;
  errorCode?: Nullable<string>;
  attempts?: Nullable<number>;
  createdAt?: Nullable<string>;
  updatedAt?: Nullable<string>;
}

export interface DeleteDocumentResult {
  id: string;
  deleted: boolean;
}

export interface Health {
  ok: boolean;
  neo4j: Neo4jHealth;
  gds: GdsHealth;
  indexes: IndexState[];
  embedder: EmbedderInfo;
}

export interface Neo4jHealth {
  reachable: boolean;
  version?: Nullable<string>;
  edition?: Nullable<string>;
  database: string;
  error?: Nullable<string>;
}

export interface GdsHealth {
  available: boolean;
  version?: Nullable<string>;
}

export interface IndexState {
  name: string;
  type: string;
  state: string;
  populationPercent: number;
  labels: string[];
  properties: string[];
}

export interface EmbedderInfo {
  backend: string;
  model: string;
  dimension: number;
  recordedModel?: Nullable<string>;
}

export interface DocumentConnection {
  edges: DocumentEdge[];
  pageInfo: PageInfo;
  totalCount: number;
}

export interface DocumentEdge {
  cursor: string;
  node: Document;
}

export interface PageInfo {
  hasNextPage: boolean;
  endCursor?: Nullable<string>;
}

export interface Document {
  id: string;
  title: string;
  fileName: string;
  sha256: string;
  pageCount: number;
  status: DocumentStatus;
  ingestedAt: string;
  tags: string[];
  kind?: Nullable<DocumentKind>;
  embeddingModel?: Nullable<string>;
  elementCount?: Nullable<number>;
  sectionCount?: Nullable<number>;
  ocrPageCount?: Nullable<number>;
  pages?: Page[];
  sections: Section[];
  outline: Section[];
  graphStats: GraphStats;
  summaries?: Summary[];
  similarPages?: SimilarPage[];
  enrichment?: Nullable<EnrichmentCost>;
}

export interface GraphStats {
  nodes: LabelCount[];
  relationships: TypeCount[];
}

export interface LabelCount {
  label: string;
  count: number;
}

export interface TypeCount {
  type: string;
  count: number;
}

export interface Page {
  id: string;
  docId: string;
  number: number;
  width: number;
  height: number;
  text: string;
  hasTextLayer: boolean;
  elementCount: number;
  elements?: Element[];
  imageUrl: string;
  document: Document;
  similar: SimilarPage[];
}

export interface Element {
  id: string;
  docId: string;
  pageNumber: number;
  kind: ElementKind;
  text: string;
  bbox: number[];
  order: number;
  description?: Nullable<string>;
  headingLevel?: Nullable<number>;
  source: string;
  page: Page;
  section?: Nullable<Section>;
  caption?: Nullable<Element>;
  captionOf?: Nullable<Element>;
  next?: Nullable<Element>;
  previous?: Nullable<Element>;
  refersTo: CrossReference[];
  referredBy: Element[];
  summary?: Nullable<string>;
  keywords?: Nullable<string[]>;
  related: RelatedElement[];
  revisions: Revision[];
}

export interface CrossReference {
  mention: string;
  element?: Nullable<Element>;
  section?: Nullable<Section>;
  page?: Nullable<Page>;
}

export interface Section {
  id: string;
  docId: string;
  title: string;
  level: number;
  path: string;
  order: number;
  pageStart: number;
  pageEnd: number;
  source: string;
  parent?: Nullable<Section>;
  subsections: Section[];
  elements: Element[];
}

export interface EnrichmentJob {
  id: string;
  status: IngestionJobStatus;
  docId: string;
  stages: string[];
  mode: string;
  crossDocument: boolean;
  stage?: Nullable<string>;
  done: number;
  total: number;
  warnings: string[];
  document?: Nullable<Document>;
  error?: Nullable<string>;
  errorCode?: Nullable<string>;
  attempts?: Nullable<number>;
  createdAt?: Nullable<string>;
  updatedAt?: Nullable<string>;
}

export interface EnrichmentCost {
  stages: EnrichmentStageCost[];
  calls: number;
  promptTokens: number;
  completionTokens: number;
  costUsd: number;
  ms: number;
}

export interface EnrichmentStageCost {
  stage: string;
  mode: string;
  calls: number;
  failedCalls: number;
  promptTokens: number;
  completionTokens: number;
  costUsd: number;
  ms: number;
  counts: StageCount[];
  warnings: string[];
  finishedAt: string;
  error?: Nullable<string>;
}

export interface StageCount {
  name: string;
  count: number;
}

export interface SimilarPage {
  from: Page;
  page: Page;
  score: number;
  coarse?: Nullable<number>;
  method: string;
}

export interface RelatedElement {
  element: Element;
  relation: string;
  source: string;
  score: number;
  iteration: number;
  direction: string;
  reason?: Nullable<string>;
}

export interface Revision {
  id: string;
  iteration: number;
  summary: string;
  keywords: string[];
  mode?: Nullable<string>;
  createdAt: string;
}

export interface Summary {
  id: string;
  kind: SummaryKind;
  level?: Nullable<number>;
  text: string;
  keywords: string[];
  source?: Nullable<string>;
  pages: number[];
  memberCount?: Nullable<number>;
  leafCount?: Nullable<number>;
  children: Summary[];
}

export interface DocumentAnalytics {
  overview: AnalyticsOverview;
  sectionTree: SectionTreeShape;
  sections: SectionKindCounts[];
  pages: PageProfile[];
  hubPages: PageProfile[];
  captions: CaptionGaps;
  crossReferences: CrossReferenceStats;
  readingOrder: ReadingOrderStats;
  pageGraph?: PageGraphAnalytics;
}

export interface AnalyticsOverview {
  docId: string;
  title?: Nullable<string>;
  fileName?: Nullable<string>;
  pageCount: number;
  ocrPages: number;
  ocrShare: number;
  elements: number;
  sections: number;
  tables: number;
  figures: number;
  charts: number;
  nextPageEdges: number;
  similarEdges: number;
}

export interface SectionTreeShape {
  sectionCount: number;
  maxDepth: number;
  leafCount: number;
  minLeafDepth?: Nullable<number>;
  maxLeafDepth?: Nullable<number>;
  meanChildren: number;
  childrenStdDev: number;
  levels: SectionLevelCount[];
}

export interface SectionLevelCount {
  depth: number;
  sections: number;
}

export interface SectionKindCounts {
  sectionId?: Nullable<string>;
  title?: Nullable<string>;
  path?: Nullable<string>;
  level: number;
  pageStart?: Nullable<number>;
  pageEnd?: Nullable<number>;
  kinds: KindCount[];
}

export interface KindCount {
  kind: string;
  count: number;
}

export interface PageProfile {
  pageNumber: number;
  hasTextLayer: boolean;
  elements: number;
  tables: number;
  figures: number;
  charts: number;
  nextPage: number;
  similar: number;
  refersOut: number;
  refersIn: number;
  degree: number;
}

export interface CaptionGaps {
  uncaptioned: ElementMention[];
  orphanCaptions: ElementMention[];
}

export interface ElementMention {
  id: string;
  kind: string;
  pageNumber: number;
  text: string;
}

export interface CrossReferenceStats {
  references: number;
  byTarget: ReferenceTargetCount[];
  perPage: number;
  per100Elements: number;
  dangling: number;
}

export interface ReferenceTargetCount {
  target: string;
  count: number;
}

export interface ReadingOrderStats {
  elements: number;
  chainLinks: number;
  backwardPageSteps: number;
  skippedPageSteps: number;
  backwardInPage: number;
  offChain: number;
  branching: number;
}

export interface PageGraphAnalytics {
  relationships: string[];
  nodeCount: number;
  relationshipCount: number;
  estimatedBytes: number;
  centralPages: CentralPage[];
  communities: PageCommunity[];
  components: PageComponent[];
  written: number;
}

export interface CentralPage {
  docId: string;
  pageNumber: number;
  score: number;
  title: string;
}

export interface PageCommunity {
  docId: string;
  pageNumber: number;
  community: number;
}

export interface PageComponent {
  docId: string;
  size: number;
  pageNumbers: number[];
}

export interface CorpusAnalytics {
  documents: CorpusDocumentAnalytics[];
  similarDocuments?: DocumentPair[];
}

export interface CorpusDocumentAnalytics {
  docId: string;
  title?: Nullable<string>;
  fileName?: Nullable<string>;
  pageCount: number;
  ocrShare: number;
  elements: number;
  sections: number;
  maxDepth: number;
  visuals: number;
  uncaptioned: number;
  references: number;
  referencesPerPage: number;
  similarEdges: number;
}

export interface DocumentPair {
  docId: string;
  title?: Nullable<string>;
  otherDocId: string;
  otherTitle?: Nullable<string>;
  similarity: number;
}

export interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  scopes: ApiScope[];
  createdAt: string;
  lastUsedAt?: Nullable<string>;
  revokedAt?: Nullable<string>;
}

export interface CreatedApiKey {
  key: ApiKey;
  secret: string;
}

export type Upload = Promise<FileUpload>;
type Nullable<T> = T | null;
