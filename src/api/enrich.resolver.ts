import { Args, Context, Int, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { ContentRepository, StoredElement, StoredPage } from '../graph/content.repository';
import { DocumentRepository, StoredDocument } from '../graph/document.repository';
import type { EnrichStageName } from '../enrich/enrich-stage';
import type { EnrichmentJobRow, StageRecord } from '../enrich/enrich.repository';
import { EnrichService } from '../enrich/enrich.service';
import { EnrichmentJobService } from '../enrich/enrichment-job.service';
import {
  EvolutionRepository,
  RelatedElementLink,
  StoredRevision,
} from '../enrich/evolution/evolution.repository';
import { SimilarityRepository, SimilarPageLink } from '../enrich/similarity/similarity.repository';
import {
  SummariesRepository,
  type StoredSummary,
  type SummaryKind as StoredSummaryKind,
} from '../enrich/summaries/summaries.repository';
import { ApiError } from './graphql-errors';
import type {
  EnrichmentCost,
  EnrichmentMode,
  EnrichmentStage,
  EnrichmentStageCost,
  SummaryKind,
} from './graphql.types';
import { GraphQLRequestContext, memo } from './request-cache';

const STAGES: Record<EnrichmentStage, EnrichStageName> = {
  SUMMARIES: 'summaries',
  SIMILAR: 'similar',
  EVOLVE: 'evolve',
  TREE: 'tree',
};

@Resolver('EnrichmentJob')
export class EnrichResolver {
  constructor(
    private readonly jobs: EnrichmentJobService,
    private readonly documents: DocumentRepository,
  ) {}

  @Mutation('enrichDocument')
  async enrichDocument(
    @Args('id') id: string,
    @Args('stages', { nullable: true }) stages: EnrichmentStage[] | null,
    @Args('mode', { nullable: true }) mode: EnrichmentMode | null,
    @Args('crossDocument', { nullable: true }) crossDocument: boolean | null,
  ): Promise<EnrichmentJobRow> {
    return this.jobs.start(id, {
      stages: stages?.map((s) => STAGES[s]),
      mode: mode === 'LLM' ? 'llm' : 'offline',
      crossDocument: crossDocument ?? false,
    });
  }

  @Query('enrichmentJob')
  async enrichmentJob(@Args('id') id: string): Promise<EnrichmentJobRow> {
    return this.jobs.get(id);
  }

  @ResolveField('document')
  async document(@Parent() job: EnrichmentJobRow): Promise<StoredDocument | null> {
    return this.documents.get(job.docId);
  }
}

export function enrichmentCost(records: StageRecord[]): EnrichmentCost | null {
  if (records.length === 0) return null;
  const stages: EnrichmentStageCost[] = records.map((r) => ({
    stage: r.stage,
    mode: r.mode,
    calls: r.calls,
    failedCalls: r.failedCalls,
    promptTokens: r.promptTokens,
    completionTokens: r.completionTokens,
    costUsd: r.costUsd,
    ms: r.ms,
    counts: Object.entries(r.counts).map(([name, count]) => ({ name, count })),
    warnings: r.warnings,
    finishedAt: r.finishedAt,
    error: r.error ?? null,
  }));
  const sum = (f: (s: EnrichmentStageCost) => number) => stages.reduce((n, s) => n + f(s), 0);
  return {
    stages,
    calls: sum((s) => s.calls),
    promptTokens: sum((s) => s.promptTokens),
    completionTokens: sum((s) => s.completionTokens),
    costUsd: sum((s) => s.costUsd),
    ms: sum((s) => s.ms),
  };
}

/** A SIMILAR_TO edge with its pages loaded lazily by the SimilarPage fields. */
type SimilarPageParent = SimilarPageLink;

@Resolver('Document')
export class DocumentEnrichmentResolver {
  constructor(
    private readonly enrich: EnrichService,
    private readonly similarity: SimilarityRepository,
    private readonly summaries: SummariesRepository,
  ) {}

  @ResolveField('summaries')
  async summaryList(
    @Parent() doc: StoredDocument,
    @Args('kinds', { nullable: true }) kinds: SummaryKind[] | null,
    @Args('level', { type: () => Int, nullable: true }) level: number | null,
    @Args('limit', { type: () => Int, nullable: true }) limit: number | null,
  ): Promise<StoredSummary[]> {
    const n = limit ?? 200;
    if (n < 0 || n > 10_000) throw new ApiError('BAD_USER_INPUT', 'limit must lie between 0 and 10000.');
    return this.summaries.storedSummaries(doc.id, {
      kinds: kinds?.map((k) => k.toLowerCase() as StoredSummaryKind),
      level,
      limit: n,
    });
  }

  @ResolveField('similarPages')
  async similarPages(
    @Parent() doc: StoredDocument,
    @Args('limit', { type: () => Int, nullable: true }) limit: number | null,
  ): Promise<SimilarPageParent[]> {
    const n = limit ?? 100;
    if (n < 0 || n > 10_000) throw new ApiError('BAD_USER_INPUT', 'limit must lie between 0 and 10000.');
    return this.similarity.documentEdges(doc.id, n);
  }

  @ResolveField('enrichment')
  async enrichment(@Parent() doc: StoredDocument): Promise<EnrichmentCost | null> {
    return enrichmentCost(await this.enrich.records(doc.id));
  }
}

@Resolver('Summary')
export class SummaryResolver {
  constructor(private readonly summaries: SummariesRepository) {}

  @ResolveField('kind')
  kind(@Parent() s: StoredSummary): SummaryKind {
    return s.kind.toUpperCase() as SummaryKind;
  }

  @ResolveField('keywords')
  keywords(@Parent() s: StoredSummary): string[] {
    return s.keywords ?? [];
  }

  @ResolveField('children')
  async children(@Parent() s: StoredSummary): Promise<StoredSummary[]> {
    if (s.childIds.length === 0) return [];
    return this.summaries.storedSummaries(s.docId, { ids: s.childIds, limit: s.childIds.length });
  }
}

@Resolver('Page')
export class PageEnrichmentResolver {
  constructor(private readonly similarity: SimilarityRepository) {}

  @ResolveField('similar')
  async similar(@Parent() page: StoredPage): Promise<SimilarPageParent[]> {
    return this.similarity.pageEdges(page.docId, page.number);
  }
}

@Resolver('SimilarPage')
export class SimilarPageResolver {
  constructor(private readonly content: ContentRepository) {}

  @ResolveField('from')
  async from(@Parent() link: SimilarPageParent): Promise<StoredPage> {
    return this.load(link.fromDocId, link.fromNumber);
  }

  @ResolveField('page')
  async page(@Parent() link: SimilarPageParent): Promise<StoredPage> {
    return this.load(link.toDocId, link.toNumber);
  }

  private async load(docId: string, number: number): Promise<StoredPage> {
    const page = await this.content.page(docId, number);
    if (!page) throw new ApiError('NOT_FOUND', `Page ${number} of '${docId}' no longer exists.`);
    return page;
  }
}

@Resolver('Element')
export class ElementEnrichmentResolver {
  constructor(private readonly evolution: EvolutionRepository) {}

  @ResolveField('summary')
  async summary(@Parent() e: StoredElement, @Context() ctx: GraphQLRequestContext): Promise<string | null> {
    return (await this.evolved(e, ctx))?.summary ?? null;
  }

  @ResolveField('keywords')
  async keywords(
    @Parent() e: StoredElement,
    @Context() ctx: GraphQLRequestContext,
  ): Promise<string[] | null> {
    return (await this.evolved(e, ctx))?.keywords ?? null;
  }

  @ResolveField('related')
  async related(@Parent() e: StoredElement): Promise<RelatedElementLink[]> {
    return this.evolution.related(e.id);
  }

  @ResolveField('revisions')
  async revisions(@Parent() e: StoredElement): Promise<StoredRevision[]> {
    return this.evolution.revisions(e.id);
  }

  private evolved(e: StoredElement, ctx: GraphQLRequestContext) {
    return memo(ctx, `evolved:${e.id}`, () => this.evolution.summary(e.id));
  }
}

@Resolver('RelatedElement')
export class RelatedElementResolver {
  constructor(private readonly content: ContentRepository) {}

  @ResolveField('element')
  async element(@Parent() link: RelatedElementLink): Promise<StoredElement> {
    const element = await this.content.element(link.elementId);
    if (!element) throw new ApiError('NOT_FOUND', `Element '${link.elementId}' no longer exists.`);
    return element;
  }
}

/** Everything the API module registers for enrichment. */
export const ENRICH_RESOLVERS = [
  EnrichResolver,
  DocumentEnrichmentResolver,
  PageEnrichmentResolver,
  SummaryResolver,
  SimilarPageResolver,
  ElementEnrichmentResolver,
  RelatedElementResolver,
];
