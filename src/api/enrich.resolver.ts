import { Args, Context, Int, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import type { StoredElement, StoredPage } from '../graph/content.repository';
import type { StoredDocument } from '../graph/document.repository';
import type { EnrichStageName } from '../document/enrichment-stages';
import type { EnrichmentJobRow, StageRecord } from '../enrich/enrich.repository';
import { EnrichService } from '../enrich/enrich.service';
import { EnrichmentJobService } from '../enrich/enrichment-job.service';
import type { RelatedElementLink, StoredRevision } from '../enrich/evolution/evolution.repository';
import { SimilarityRepository, SimilarPageLink } from '../enrich/similarity/similarity.repository';
import {
  SummariesRepository,
  type StoredSummary,
  type SummaryKind as StoredSummaryKind,
} from '../enrich/summaries/summaries.repository';
import { ApiError } from './api.errors';
import type {
  EnrichmentCost,
  EnrichmentMode,
  EnrichmentStage,
  EnrichmentStageCost,
  SummaryKind,
} from './graphql.types';
import type { GraphQLRequestContext } from './request-cache';

const STAGES: Record<EnrichmentStage, EnrichStageName> = {
  SUMMARIES: 'summaries',
  SIMILAR: 'similar',
  EVOLVE: 'evolve',
  TREE: 'tree',
};

@Resolver('EnrichmentJob')
export class EnrichResolver {
  constructor(private readonly jobs: EnrichmentJobService) {}

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
  async document(
    @Parent() job: EnrichmentJobRow,
    @Context() ctx: GraphQLRequestContext,
  ): Promise<StoredDocument | null> {
    return ctx.loaders.document.load(job.docId);
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
  async children(
    @Parent() s: StoredSummary,
    @Context() ctx: GraphQLRequestContext,
  ): Promise<StoredSummary[]> {
    if (s.childIds.length === 0) return [];
    return ctx.loaders.summaryChildren.load(s);
  }
}

@Resolver('Page')
export class PageEnrichmentResolver {
  @ResolveField('similar')
  async similar(
    @Parent() page: StoredPage,
    @Context() ctx: GraphQLRequestContext,
  ): Promise<SimilarPageParent[]> {
    return ctx.loaders.similarPages.load({ docId: page.docId, number: page.number });
  }
}

@Resolver('SimilarPage')
export class SimilarPageResolver {
  @ResolveField('from')
  async from(@Parent() link: SimilarPageParent, @Context() ctx: GraphQLRequestContext): Promise<StoredPage> {
    return this.load(link.fromDocId, link.fromNumber, ctx);
  }

  @ResolveField('page')
  async page(@Parent() link: SimilarPageParent, @Context() ctx: GraphQLRequestContext): Promise<StoredPage> {
    return this.load(link.toDocId, link.toNumber, ctx);
  }

  private async load(docId: string, number: number, ctx: GraphQLRequestContext): Promise<StoredPage> {
    const page = await ctx.loaders.page.load({ docId, number });
    if (!page) throw new ApiError('NOT_FOUND', `Page ${number} of '${docId}' no longer exists.`);
    return page;
  }
}

@Resolver('Element')
export class ElementEnrichmentResolver {
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
  async related(
    @Parent() e: StoredElement,
    @Context() ctx: GraphQLRequestContext,
  ): Promise<RelatedElementLink[]> {
    return ctx.loaders.related.load(e.id);
  }

  @ResolveField('revisions')
  async revisions(
    @Parent() e: StoredElement,
    @Context() ctx: GraphQLRequestContext,
  ): Promise<StoredRevision[]> {
    return ctx.loaders.revisions.load(e.id);
  }

  private evolved(e: StoredElement, ctx: GraphQLRequestContext) {
    return ctx.loaders.evolved.load(e.id);
  }
}

@Resolver('RelatedElement')
export class RelatedElementResolver {
  @ResolveField('element')
  async element(
    @Parent() link: RelatedElementLink,
    @Context() ctx: GraphQLRequestContext,
  ): Promise<StoredElement> {
    const element = await ctx.loaders.element.load(link.elementId);
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
