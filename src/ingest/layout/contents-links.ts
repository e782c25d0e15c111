// A contents page is a list of links: each entry REFERS_TO the section it names, as a "see Section 4" mention
// does, so a walk from the contents page reaches the sections instead of the contents page parenting the document.
import type { CrossReference, LayoutElement, SectionNode } from '../../document/document-model';
import { isContentsHeading } from './outline-headings';

/** A contents section spans at most this many pages (longer is not a contents page but a mislabelled chapter). */
const MAX_CONTENTS_PAGES = 4;
/** Titles shorter than this ("Notes", "Index") match too much of a contents page by chance. */
const MIN_TITLE_CHARS = 8;

const plain = (text: string): string =>
  ` ${text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;

/** For each contents section, its page's entries linked to the sections whose titles they spell out. */
export function contentsLinks(elements: LayoutElement[], sections: SectionNode[]): CrossReference[] {
  const links: CrossReference[] = [];
  for (const contents of sections) {
    if (!isContentsHeading(contents.title)) continue;
    const last = Math.min(contents.pageEnd, contents.pageStart + MAX_CONTENTS_PAGES - 1);
    const entries = elements.filter(
      (e) =>
        e.pageNumber >= contents.pageStart &&
        e.pageNumber <= last &&
        e.kind !== 'page-header' &&
        e.kind !== 'page-footer',
    );
    const listed = sections.filter(
      (s) => s !== contents && s.title.trim().length >= MIN_TITLE_CHARS && s.pageStart > last,
    );
    for (const entry of entries) {
      const text = plain(entry.text);
      for (const section of listed) {
        if (text.includes(plain(section.title)))
          links.push({
            fromKey: entry.key,
            mention: section.title,
            target: { type: 'section', key: section.key },
          });
      }
    }
  }
  return links;
}
