import { Parent, ResolveField, Resolver } from '@nestjs/graphql';
import type { StoredElement, StoredSection } from '../graph/content.repository';
import { Loaders } from './request-cache';
import type { RequestLoaders } from './request-loaders';

@Resolver('Section')
export class SectionResolver {
  @ResolveField('parent')
  async parent(
    @Parent() s: StoredSection,
    @Loaders() loaders: RequestLoaders,
  ): Promise<StoredSection | null> {
    if (!s.parentId) return null;
    return (await siblings(s, loaders)).find((x) => x.id === s.parentId) ?? null;
  }

  @ResolveField('subsections')
  async subsections(
    @Parent() s: StoredSection,
    @Loaders() loaders: RequestLoaders,
  ): Promise<StoredSection[]> {
    return (await siblings(s, loaders)).filter((x) => x.parentId === s.id);
  }

  @ResolveField('elements')
  async elements(@Parent() s: StoredSection, @Loaders() loaders: RequestLoaders): Promise<StoredElement[]> {
    return loaders.sectionElements.load(s.id);
  }
}

/** All sections of the document, read once per request however deep the outline query goes. */
function siblings(s: StoredSection, loaders: RequestLoaders): Promise<StoredSection[]> {
  return loaders.sectionsOf.load(s.docId);
}
