// Explicit cross-references in element text ("see Table 2", "Fig. 3", "Section 4.1", "§ 4.1", "p. 12",
// "Appendix B", "Chapter 5") resolved to a captioned element, a section or a page; unresolvable ones are dropped.
import type { CrossReference, CrossReferenceTarget, LayoutElement, SectionNode } from '../document-model';
import { captionLabel, labelWord } from './captions';
import { headingNumber } from './headings';

export const CROSS_REFERENCE =
  /\b(?:(figures?|figs?\.|tables?|tabs?\.|charts?|exhibits?)\s*([A-Z]?\d+(?:\.\d+)*[a-z]?)\b|(sections?|sects?\.|secs?\.)\s*(\d+(?:\.\d+)*)\b|(appendix|annex)\s+([A-Z](?:\.\d+)*|\d+)\b|(chapter|chap\.)\s*(\d+)\b|(pages?|pp?\.)\s*(\d{1,5})\b)|(§§?)\s*(\d+(?:\.\d+)*)/gi;

export interface Mention {
  mention: string;
  kind: 'label' | 'section' | 'appendix' | 'chapter' | 'page';
  /** "figure 3", "4.1", "B", "5", "12". */
  value: string;
  index: number;
}

export function findMentions(text: string): Mention[] {
  const out: Mention[] = [];
  for (const m of text.matchAll(CROSS_REFERENCE)) {
    const index = m.index ?? 0;
    const mention = m[0].trim();
    if (m[1] && m[2]) {
      const word = m[1]
        .toLowerCase()
        .replace(/s?\.?$/, '')
        .replace(/^fig$/, 'figure')
        .replace(/^tab$/, 'table');
      out.push({ mention, kind: 'label', value: `${labelWord(word)} ${m[2].toLowerCase()}`, index });
    } else if (m[3] && m[4]) out.push({ mention, kind: 'section', value: m[4], index });
    else if (m[5] && m[6]) out.push({ mention, kind: 'appendix', value: m[6].toUpperCase(), index });
    else if (m[7] && m[8]) out.push({ mention, kind: 'chapter', value: m[8], index });
    else if (m[9] && m[10]) out.push({ mention, kind: 'page', value: m[10], index });
    else if (m[11] && m[12]) out.push({ mention, kind: 'section', value: m[12], index });
  }
  return out;
}

export function resolveCrossReferences(
  elements: LayoutElement[],
  sections: SectionNode[],
  pageCount: number,
): CrossReference[] {
  const byLabel = new Map<string, LayoutElement>();
  for (const element of elements) {
    if (element.kind !== 'caption') continue;
    const label = captionLabel(element.text);
    if (label && !byLabel.has(label.label)) byLabel.set(label.label, element);
  }
  const sectionByNumber = new Map<string, SectionNode>();
  const sectionByAppendix = new Map<string, SectionNode>();
  const sectionByChapter = new Map<string, SectionNode>();
  for (const section of sections) {
    const number = headingNumber(section.title);
    if (!number) continue;
    if (/^appendix|^annex/i.test(section.title)) {
      if (!sectionByAppendix.has(number.toUpperCase())) sectionByAppendix.set(number.toUpperCase(), section);
    } else if (/^chapter/i.test(section.title)) {
      if (!sectionByChapter.has(number)) sectionByChapter.set(number, section);
    }
    if (!sectionByNumber.has(number)) sectionByNumber.set(number, section);
  }

  const out: CrossReference[] = [];
  for (const element of elements) {
    if (element.kind === 'page-header' || element.kind === 'page-footer' || element.kind === 'heading')
      continue;
    const ownLabel = element.kind === 'caption' ? captionLabel(element.text) : null;
    const seen = new Set<string>();
    for (const mention of findMentions(element.text)) {
      // A caption's own label ("Figure 3:" at its start) is not a reference.
      if (ownLabel && mention.index === 0) continue;
      const target = resolve(mention);
      if (!target) continue;
      if (target.type === 'element' && (target.key === element.key || target.key === element.captionOf))
        continue;
      const id = target.type === 'page' ? `page:${target.pageNumber}` : `${target.type}:${target.key}`;
      if (seen.has(id)) continue;
      seen.add(id);
      out.push({ fromKey: element.key, mention: mention.mention, target });
    }
  }
  return out;

  function resolve(mention: Mention): CrossReferenceTarget | null {
    switch (mention.kind) {
      case 'label': {
        const caption = byLabel.get(mention.value);
        if (!caption) return null;
        return { type: 'element', key: caption.captionOf ?? caption.key };
      }
      case 'section': {
        const section = sectionByNumber.get(mention.value);
        return section ? { type: 'section', key: section.key } : null;
      }
      case 'appendix': {
        const section = sectionByAppendix.get(mention.value) ?? sectionByNumber.get(mention.value);
        return section ? { type: 'section', key: section.key } : null;
      }
      case 'chapter': {
        const section = sectionByChapter.get(mention.value) ?? sectionByNumber.get(mention.value);
        return section ? { type: 'section', key: section.key } : null;
      }
      case 'page': {
        const page = Number(mention.value);
        return page >= 1 && page <= pageCount ? { type: 'page', pageNumber: page } : null;
      }
    }
  }
}
