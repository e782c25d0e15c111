import { Args, Context, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import {
  ContentRepository,
  ElementLinks,
  StoredElement,
  StoredPage,
  StoredSection,
} from '../graph/content.repository';
import { toApiKind } from './element-kind';
import { ApiError } from './api.errors';
import type { ElementKind } from './graphql.types';
import type { GraphQLRequestContext } from './request-cache';

interface CrossReferenceParent {
  mention: string;
  label: 'Element' | 'Section' | 'Page';
  id: string;
}

@Resolver('Element')
export class ElementResolver {
  constructor(private readonly content: ContentRepository) {}

  @Query('element')
  async getElement(@Args('id') id: string): Promise<StoredElement> {
    const element = await this.content.element(id);
    if (!element) throw new ApiError('NOT_FOUND', `No element with id '${id}'.`);
    return element;
  }

  @ResolveField('kind')
  kind(@Parent() e: StoredElement): ElementKind {
    return toApiKind(e.kind);
  }

  @ResolveField('page')
  async page(@Parent() e: StoredElement, @Context() ctx: GraphQLRequestContext): Promise<StoredPage | null> {
    return ctx.loaders.page.load({ docId: e.docId, number: e.pageNumber });
  }

  @ResolveField('section')
  async section(
    @Parent() e: StoredElement,
    @Context() ctx: GraphQLRequestContext,
  ): Promise<StoredSection | null> {
    const id = (await this.links(e, ctx)).sectionId;
    return id ? ctx.loaders.section.load(id) : null;
  }

  @ResolveField('caption')
  async caption(
    @Parent() e: StoredElement,
    @Context() ctx: GraphQLRequestContext,
  ): Promise<StoredElement | null> {
    return this.byId((await this.links(e, ctx)).captionId, ctx);
  }

  @ResolveField('captionOf')
  async captionOf(
    @Parent() e: StoredElement,
    @Context() ctx: GraphQLRequestContext,
  ): Promise<StoredElement | null> {
    return this.byId((await this.links(e, ctx)).captionOfId, ctx);
  }

  @ResolveField('next')
  async next(
    @Parent() e: StoredElement,
    @Context() ctx: GraphQLRequestContext,
  ): Promise<StoredElement | null> {
    return this.byId((await this.links(e, ctx)).nextId, ctx);
  }

  @ResolveField('previous')
  async previous(
    @Parent() e: StoredElement,
    @Context() ctx: GraphQLRequestContext,
  ): Promise<StoredElement | null> {
    return this.byId((await this.links(e, ctx)).previousId, ctx);
  }

  @ResolveField('refersTo')
  async refersTo(
    @Parent() e: StoredElement,
    @Context() ctx: GraphQLRequestContext,
  ): Promise<CrossReferenceParent[]> {
    return (await this.links(e, ctx)).refersTo;
  }

  @ResolveField('referredBy')
  async referredBy(
    @Parent() e: StoredElement,
    @Context() ctx: GraphQLRequestContext,
  ): Promise<StoredElement[]> {
    return ctx.loaders.elements((await this.links(e, ctx)).referredByIds);
  }

  private async links(e: StoredElement, ctx: GraphQLRequestContext): Promise<ElementLinks> {
    const links = await ctx.loaders.elementLinks.load(e.id);
    if (!links) throw new ApiError('NOT_FOUND', `Element '${e.id}' no longer exists.`);
    return links;
  }

  private async byId(id: string | null, ctx: GraphQLRequestContext): Promise<StoredElement | null> {
    return id ? ctx.loaders.element.load(id) : null;
  }
}

@Resolver('CrossReference')
export class CrossReferenceResolver {
  @ResolveField('element')
  async element(
    @Parent() ref: CrossReferenceParent,
    @Context() ctx: GraphQLRequestContext,
  ): Promise<StoredElement | null> {
    return ref.label === 'Element' ? ctx.loaders.element.load(ref.id) : null;
  }

  @ResolveField('section')
  async section(
    @Parent() ref: CrossReferenceParent,
    @Context() ctx: GraphQLRequestContext,
  ): Promise<StoredSection | null> {
    return ref.label === 'Section' ? ctx.loaders.section.load(ref.id) : null;
  }

  @ResolveField('page')
  async page(
    @Parent() ref: CrossReferenceParent,
    @Context() ctx: GraphQLRequestContext,
  ): Promise<StoredPage | null> {
    if (ref.label !== 'Page') return null;
    const match = /^(.*):p(\d+)$/.exec(ref.id);
    return match ? ctx.loaders.page.load({ docId: match[1]!, number: Number(match[2]) }) : null;
  }
}
