import { Args, Context, Int, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import type { StoredPage } from '../graph/content.repository';
import { AskService } from '../retrieve/answer/ask.service';
import { RetrieveService } from '../retrieve/retrieve.service';
import type {
  AskResult,
  Citation,
  ElementEvidence,
  PageHit,
  SearchResult,
  SearchScope,
  Strategy,
} from '../retrieve/retrieve.types';
import { toApiKind } from './element-kind';
import type { EvidenceStep } from '../retrieve/evidence-step';
import type {
  ElementKind,
  EvidenceEdge,
  ScopeInput,
  Strategy as SchemaStrategy,
} from '../document/graphql.types';
import { pageImagePath } from './page.resolver';
import { RetrievalGate } from './retrieval-gate';
import { type GraphQLRequestContext, Loaders } from './request-cache';
import type { RequestLoaders } from './request-loaders';

/** True when A and B are the same type. */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** The schema's Strategy enum and retrieve's STRATEGIES (the ranker registry's keys) are one list, or this fails to compile. */
export const STRATEGY_ENUM_MATCHES_RANKERS: Same<SchemaStrategy, Strategy> = true;

@Resolver('SearchResult')
export class RetrieveResolver {
  constructor(
    private readonly retrieve: RetrieveService,
    private readonly asker: AskService,
    private readonly gate: RetrievalGate,
  ) {}

  @Query('search')
  async search(
    @Args('query') query: string,
    @Args('strategy') strategy: Strategy,
    @Args('scope', { nullable: true }) scope: ScopeInput | null,
    @Args('k', { type: () => Int }) k: number,
    @Args('rerank') rerank: boolean,
  ): Promise<SearchResult> {
    return this.gate.run(() => this.retrieve.search({ query, strategy, scope: scopeOf(scope), k, rerank }));
  }

  @Query('ask')
  async ask(
    @Args('question') question: string,
    @Args('strategy') strategy: Strategy,
    @Args('scope', { nullable: true }) scope: ScopeInput | null,
    @Args('rerank') rerank: boolean,
  ): Promise<AskResult> {
    return this.gate.run(() => this.asker.ask(question, { strategy, scope: scopeOf(scope), rerank }));
  }
}

/** The schema's scope (nulls for absent fields) as retrieve's. */
function scopeOf(scope: ScopeInput | null): SearchScope {
  const f = scope?.filter;
  return {
    docIds: scope?.docIds ?? undefined,
    filter: f
      ? {
          titleContains: f.titleContains ?? undefined,
          tags: f.tags ?? undefined,
          kinds: f.kinds ?? undefined,
          ingestedAfter: f.ingestedAfter ?? undefined,
          ingestedBefore: f.ingestedBefore ?? undefined,
        }
      : undefined,
  };
}

@Resolver('PageHit')
export class PageHitResolver {
  @ResolveField('page')
  async page(@Parent() hit: PageHit, @Loaders() loaders: RequestLoaders): Promise<StoredPage | null> {
    return loaders.page.load({ docId: hit.docId, number: hit.pageNumber });
  }
}

@Resolver('ElementEvidence')
export class ElementEvidenceResolver {
  @ResolveField('kind')
  kind(@Parent() e: ElementEvidence): ElementKind {
    return toApiKind(e.kind);
  }
}

@Resolver('Citation')
export class CitationResolver {
  /** The cited page as PNG with the cited element outlined (the page alone when the citation has no element). */
  @ResolveField('imageUrl')
  imageUrl(@Parent() c: Citation, @Context() ctx: GraphQLRequestContext): string {
    const page = `${ctx.publicUrl}${pageImagePath(c.docId, c.pageNumber)}`;
    return c.elementId ? `${page}?highlight=${encodeURIComponent(c.elementId)}` : page;
  }
}

@Resolver('EvidenceStep')
export class EvidenceStepResolver {
  /** 'next-page' → NEXT_PAGE: the API's enum spelling of the edge. */
  @ResolveField('via')
  via(@Parent() step: EvidenceStep): EvidenceEdge {
    return step.via.toUpperCase().replace(/-/g, '_') as EvidenceEdge;
  }
}
