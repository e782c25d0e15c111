import { Context, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import type { StoredElement, StoredSection } from '../graph/content.repository';
import type { GraphQLRequestContext } from './request-cache';

@Resolver('Section')
export class SectionResolver {
  @ResolveField('parent')
  async parent(
    @Parent() s: StoredSection,
    @Context() ctx: GraphQLRequestContext,
  ): Promise<StoredSection | null> {
    if (!s.parentId) return null;
    return (await this.siblings(s, ctx)).find((x) => x.id === s.parentId) ?? null;
  }

  @ResolveField('subsections')
  async subsections(
    @Parent() s: StoredSection,
    @Context() ctx: GraphQLRequestContext,
  ): Promise<StoredSection[]> {
    return (await this.siblings(s, ctx)).filter((x) => x.parentId === s.id);
  }

  @ResolveField('elements')
  async elements(
    @Parent() s: StoredSection,
    @Context() ctx: GraphQLRequestContext,
  ): Promise<StoredElement[]> {
    return ctx.loaders.sectionElements.load(s.id);
  }

  /** All sections of the document, read once per request however deep the outline query goes. */
  private siblings(s: StoredSection, ctx: GraphQLRequestContext): Promise<StoredSection[]> {
    return ctx.loaders.sectionsOf.load(s.docId);
  }
}
