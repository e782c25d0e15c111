// Result shapes of structure analytics, as the Cypher files in cypher/analytics/ return them.
import type * as Gql from '../document/graphql.types';

// Shapes schema.graphql declares are taken from its generated types; Required<> reads its optional nullable fields
// as always present (the Cypher files return null, never leave a field out).
export type KindCount = Gql.KindCount;
export type SectionTreeShape = Required<Gql.SectionTreeShape>;
export type SectionKinds = Required<Gql.SectionKindCounts>;
export type PageProfile = Gql.PageProfile;
export type ElementRef = Gql.ElementMention;
export type CaptionGaps = Gql.CaptionGaps;

export interface CrossReferenceStats extends Gql.CrossReferenceStats {
  danglingSamples: { pageNumber: number; text: string }[];
}

export interface ReadingOrderStats extends Gql.ReadingOrderStats {
  samples: { anomaly: string; fromPage: number; toPage: number; text: string }[];
}

export type DocumentOverview = Required<Gql.AnalyticsOverview>;

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

export type CorpusDocumentRow = Required<Gql.CorpusDocumentAnalytics>;

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
