// Result shapes of structure analytics, as the Cypher files in cypher/analytics/ return them.

export interface KindCount {
  kind: string;
  count: number;
}

export interface SectionTreeShape {
  sectionCount: number;
  maxDepth: number;
  leafCount: number;
  minLeafDepth: number | null;
  maxLeafDepth: number | null;
  meanChildren: number;
  childrenStdDev: number;
  levels: { depth: number; sections: number }[];
}

export interface SectionKinds {
  sectionId: string | null;
  title: string | null;
  path: string | null;
  level: number;
  pageStart: number | null;
  pageEnd: number | null;
  kinds: KindCount[];
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

export interface ElementRef {
  id: string;
  kind: string;
  pageNumber: number;
  text: string;
}

export interface CaptionGaps {
  uncaptioned: ElementRef[];
  orphanCaptions: ElementRef[];
}

export interface CrossReferenceStats {
  references: number;
  byTarget: { target: string; count: number }[];
  perPage: number;
  per100Elements: number;
  dangling: number;
  danglingSamples: { pageNumber: number; text: string }[];
}

export interface ReadingOrderStats {
  elements: number;
  chainLinks: number;
  backwardPageSteps: number;
  skippedPageSteps: number;
  backwardInPage: number;
  offChain: number;
  branching: number;
  samples: { anomaly: string; fromPage: number; toPage: number; text: string }[];
}

export interface DocumentOverview {
  docId: string;
  title: string | null;
  fileName: string | null;
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

/** Everything plain Cypher says about one document's structure. */
export interface DocumentAnalytics {
  overview: DocumentOverview;
  sectionTree: SectionTreeShape;
  sections: SectionKinds[];
  pages: PageProfile[];
  captions: CaptionGaps;
  crossReferences: CrossReferenceStats;
  readingOrder: ReadingOrderStats;
  /** Pages with the highest degree over NEXT_PAGE, SIMILAR_TO and REFERS_TO, highest first. */
  hubPages: PageProfile[];
}

export interface CorpusDocumentRow {
  docId: string;
  title: string | null;
  fileName: string | null;
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

export interface GdsMemoryEstimate {
  projectionBytes: number;
  pageRankBytes: number;
  leidenBytes: number;
  wccBytes: number;
}

export interface CentralPage {
  pageId: string;
  docId: string;
  pageNumber: number;
  score: number;
  /** The page's first heading, else its first words. */
  title: string;
}

export interface PageCommunity {
  pageId: string;
  docId: string;
  pageNumber: number;
  community: number;
}

export interface PageComponent {
  component: number;
  docId: string;
  size: number;
  pageNumbers: number[];
}

export interface DocumentSimilarity {
  docId: string;
  title: string | null;
  otherDocId: string;
  otherTitle: string | null;
  similarity: number;
}

/** What Graph Data Science says about the page graph of one document or the corpus. */
export interface PageGraphAnalytics {
  /** Which page links were projected: SIMILAR_TO and REFERS_TO, plus NEXT_PAGE when no SIMILAR_TO exists. */
  relationships: string[];
  nodeCount: number;
  relationshipCount: number;
  estimate: GdsMemoryEstimate;
  centralPages: CentralPage[];
  communities: PageCommunity[];
  components: PageComponent[];
  /** Pages written back (pageRank, community) when asked to, else 0. */
  written: number;
}
