import type { DocumentAnalytics } from '../analytics/analytics.types';
import type { EnrichmentJobRow, StageRecord } from '../enrich/enrich.repository';
import type { StoredRevision } from '../enrich/evolution/evolution.repository';
import type { StoredElement, StoredPage, StoredSection } from '../graph/content.repository';
import type { IngestionJobRow } from '../ingest/ingest.repository';
import type { LlmUsage } from '../llm/llm-usage';
import type { TypedAnswer } from '../retrieve/answer/typed-answer';
import type { EvidenceStep } from '../retrieve/evidence-step';
import type { AskResult, Citation, SearchResult } from '../retrieve/retrieve.types';
import type * as Gql from '../document/graphql.types';

// The modules' own shapes that resolvers hand to GraphQL, tied to the types generated from schema.graphql: a field
// renamed, retyped or dropped on either side fails `npm run check`. Fields that field resolvers fill (or map, like
// an element's kind) are left out of a tie. Shapes a module takes from the generated types (its health report,
// a search's pages and cost, analytics' page profiles) need no tie.

/** Compiles only when the module's `Shape` is assignable to the schema's `Schema`. */
type Tie<Shape extends Schema, Schema> = [Shape, Schema];

export type SchemaTies = [
  Tie<StoredPage, Omit<Gql.Page, 'elements' | 'imageUrl' | 'document' | 'similar'>>,
  Tie<
    Omit<StoredElement, 'kind'>,
    Omit<
      Gql.Element,
      | 'kind'
      | 'page'
      | 'section'
      | 'caption'
      | 'captionOf'
      | 'next'
      | 'previous'
      | 'refersTo'
      | 'referredBy'
      | 'summary'
      | 'keywords'
      | 'related'
      | 'revisions'
    >
  >,
  Tie<StoredSection, Omit<Gql.Section, 'parent' | 'subsections' | 'elements'>>,
  Tie<StoredRevision, Gql.Revision>,
  Tie<Omit<StageRecord, 'counts'>, Omit<Gql.EnrichmentStageCost, 'counts'>>,
  Tie<EnrichmentJobRow, Omit<Gql.EnrichmentJob, 'document'>>,
  Tie<IngestionJobRow, Omit<Gql.IngestionJob, 'document'>>,
  Tie<DocumentAnalytics, Omit<Gql.DocumentAnalytics, 'pageGraph'>>,
  // Search and ask: evidence edges and element kinds are mapped to the schema's enums by field resolvers.
  Tie<Omit<SearchResult, 'pages' | 'steps'>, Omit<Gql.SearchResult, 'pages' | 'steps'>>,
  Tie<Omit<EvidenceStep, 'via'>, Omit<Gql.EvidenceStep, 'via'>>,
  Tie<Omit<AskResult, 'citations' | 'search'>, Omit<Gql.Answer, 'citations' | 'search' | 'browserQuery'>>,
  Tie<Citation, Omit<Gql.Citation, 'imageUrl'>>,
  Tie<TypedAnswer, Gql.TypedAnswer>,
  Tie<LlmUsage, Gql.LlmUsage>,
];
