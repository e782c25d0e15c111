import { Context, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { ContentRepository, StoredElement, StoredSection } from '../graph/content.repository';
import { GraphQLRequestContext, memo } from './request-cache';

@Resolver('Section')
export class SectionResolver {
  constructor(private readonly content: ContentRepository) {}

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
  async elements(@Parent() s: StoredSection): Promise<StoredElement[]> {
    return this.content.sectionElements(s.id);
  }

  /** All sections of the document, read once per request however deep the outline query goes. */
  private siblings(s: StoredSection, ctx: GraphQLRequestContext): Promise<StoredSection[]> {
    return memo(ctx, `sections:${s.docId}`, () => this.content.sections(s.docId));
  }
}
