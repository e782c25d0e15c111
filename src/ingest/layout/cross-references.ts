// Explicit cross-references in running text ("see Table 2", "Fig. 3", "Section 4.1", "§ 4.1", "p. 12",
// "Appendix B", "Chapter 5", "Note 7", "Item 7") resolved to a captioned element, a section, a heading or a page;
// unresolvable ones are dropped.
import { escapeRegExp } from '../../common/reg-exp';
import type {
  CrossReference,
  CrossReferenceTarget,
  ElementKind,
  LayoutElement,
  SectionNode,
} from '../../document/document-model';
import { captionLabel } from '../../document/caption-grammar';
import { findMentions, type Mention } from './mentions';
import { headingNumber } from './headings';
import { printedPageMap } from '../../document/page-labels';

/** The kinds whose text is running text that can refer elsewhere (not headings, tables or page furniture). */
export const referenceSourceKinds: ReadonlySet<ElementKind> = new Set<ElementKind>([
  'paragraph',
  'list',
  'caption',
  'footnote',
]);

const NOTE_TITLE = /^note\s+(\d{1,2}[A-Z]?)\b/i;
/** A bare numbered note heading inside the notes to the financial statements: "7. Debt", "7 — Debt". */
const NUMBERED_NOTE_TITLE = /^(\d{1,2})\s*[.:—–-]\s*\p{Lu}/u;
const NOTES_START = /notes to (the )?(consolidated |combined |condensed )*(financial statements|statements)/i;
const ITEM_TITLE = /^item\s+(\d{1,2}[A-C]?)\s*[.:—–-]?/i;
/** A page listing this many distinct items is a table of contents, not where the items are. */
const CONTENTS_ITEMS = 4;
const SHORT_TITLE_WORDS = 20;
/** A numbered provision at the start of a block: "Section 6.3 Monthly…", "§ 4.1", "Article 5". */
const PROVISION_TITLE = /^(?:section|§|article)\s*(\d+(?:\.\d+)*)\b/i;

/** A function that resolves one mention of a document to the element, section or page it names. */
export function mentionResolver(
  elements: LayoutElement[],
  sections: SectionNode[],
  pageCount: number,
): (mention: Mention, from?: LayoutElement) => CrossReferenceTarget | null {
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
  for (const [number, section] of impliedOutlineNumbers(sections, elements))
    if (!sectionByNumber.has(number)) sectionByNumber.set(number, section);
  const headingByNumber = new Map<string, LayoutElement>();
  for (const e of elements) {
    if (e.kind !== 'heading') continue;
    const number = headingNumber(e.text);
    if (number && !headingByNumber.has(number)) headingByNumber.set(number, e);
  }
  const sectionOfHeading = sectionsByHeading(elements, sections);
  const notes = titledTargets(elements, NOTE_TITLE, notesArea(elements));
  const items = titledTargets(elements, ITEM_TITLE, null);
  const printed = printedPageMap(elements, pageCount);
  const position = new Map(elements.map((e, i) => [e.key, i]));
  // Agreements and plans filed with a report number their provisions in the text: "Section 6.3 Monthly Income…".
  const provisions = new Map<string, number[]>();
  elements.forEach((e, i) => {
    if (e.kind !== 'heading' && e.kind !== 'paragraph' && e.kind !== 'list') return;
    const number = PROVISION_TITLE.exec(e.text.trim())?.[1];
    if (number) provisions.set(number, [...(provisions.get(number) ?? []), i]);
  });
  const nearestProvision = (value: string, from: LayoutElement | undefined): CrossReferenceTarget | null => {
    const at = from ? (position.get(from.key) ?? 0) : 0;
    const candidates = provisions.get(value) ?? [];
    let best: number | undefined;
    for (const i of candidates) if (best === undefined || Math.abs(i - at) < Math.abs(best - at)) best = i;
    const element = best === undefined ? undefined : elements[best];
    return element && element.key !== from?.key ? toTarget(element) : null;
  };

  const toTarget = (e: LayoutElement): CrossReferenceTarget => {
    const section = sectionOfHeading.get(e.key);
    return section ? { type: 'section', key: section.key } : { type: 'element', key: e.key };
  };
  const numbered = (value: string): CrossReferenceTarget | null => {
    const section = sectionByNumber.get(value);
    if (section) return { type: 'section', key: section.key };
    const heading = headingByNumber.get(value);
    return heading ? toTarget(heading) : null;
  };

  return (mention, from) => {
    switch (mention.kind) {
      case 'label': {
        // "Figure 9c" names a panel of Figure 9.
        const caption = byLabel.get(mention.value) ?? byLabel.get(mention.value.replace(/(\d)[a-z]$/, '$1'));
        if (!caption) return null;
        return { type: 'element', key: caption.captionOf ?? caption.key };
      }
      case 'section':
        return numbered(mention.value) ?? nearestProvision(mention.value, from);
      case 'appendix': {
        const section = sectionByAppendix.get(mention.value);
        return section ? { type: 'section', key: section.key } : numbered(mention.value);
      }
      case 'chapter': {
        const section = sectionByChapter.get(mention.value);
        return section ? { type: 'section', key: section.key } : numbered(mention.value);
      }
      case 'note': {
        // "Note 16A" is part A of Note 16 when the parts have no headings of their own.
        const heading = notes.get(mention.value) ?? notes.get(mention.value.replace(/[A-Z]$/, ''));
        return heading ? toTarget(heading) : null;
      }
      case 'item': {
        const heading = items.get(mention.value);
        return heading ? toTarget(heading) : null;
      }
      case 'page': {
        // Printed page numbers ("see page 12") name the page whose footer or header says 12.
        const page = printed.get(Number(mention.value)) ?? Number(mention.value);
        return page >= 1 && page <= pageCount ? { type: 'page', pageNumber: page } : null;
      }
    }
  };
}

/** A mention in an element's text and what it resolved to (null: nothing in this document). */
export interface MentionResolution {
  fromKey: string;
  mention: Mention;
  target: CrossReferenceTarget | null;
}

const NUMBERED_PART_KINDS: ReadonlySet<Mention['kind']> = new Set([
  'section',
  'note',
  'item',
  'appendix',
  'chapter',
]);

/** A short line or title that starts with a label is that label's owner ("NOTE 10 — DEBT", "Figure 3: …"). */
const OWN_LABEL_WORDS = 20;

/** Every mention in running text that counts as a reference, resolved or not (own labels and self-targets left out). */
export function resolveMentions(
  elements: LayoutElement[],
  sections: SectionNode[],
  pageCount: number,
): MentionResolution[] {
  const resolve = mentionResolver(elements, sections, pageCount);
  const headedBy = sectionsByHeading(elements, sections);
  const out: MentionResolution[] = [];
  for (const element of elements) {
    if (!referenceSourceKinds.has(element.kind)) continue;
    const titleLike =
      element.kind === 'caption' ||
      element.captionOf !== null ||
      element.text.split(/\s+/).length <= OWN_LABEL_WORDS;
    for (const mention of findMentions(element.text)) {
      // "Section 6.5 Death Benefits. …", "NOTE 7 — INCOME TAXES …": a part's title run into its text.
      if (mention.index === 0 && (titleLike || NUMBERED_PART_KINDS.has(mention.kind))) continue;
      const target = resolve(mention, element);
      const self =
        target !== null &&
        target.type !== 'page' &&
        (target.key === element.key ||
          target.key === element.captionOf ||
          target.key === headedBy.get(element.key)?.key);
      if (self) continue;
      out.push({ fromKey: element.key, mention, target });
    }
  }
  return out;
}

export function resolveCrossReferences(
  elements: LayoutElement[],
  sections: SectionNode[],
  pageCount: number,
): CrossReference[] {
  const out: CrossReference[] = [];
  const seen = new Set<string>();
  for (const { fromKey, mention, target } of resolveMentions(elements, sections, pageCount)) {
    if (!target) continue;
    const id = `${fromKey}->${target.type === 'page' ? `page:${target.pageNumber}` : `${target.type}:${target.key}`}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push({ fromKey, mention: mention.mention, target });
  }
  return out;
}

/** The section each heading element starts (same page, same title). */
function sectionsByHeading(elements: LayoutElement[], sections: SectionNode[]): Map<string, SectionNode> {
  const out = new Map<string, SectionNode>();
  const normal = (t: string) => t.replace(/\s+/g, ' ').trim().toLowerCase();
  const byStart = new Map<string, SectionNode>();
  for (const s of sections) byStart.set(`${s.pageStart}|${normal(s.title)}`, s);
  for (const e of elements) {
    const section = byStart.get(`${e.pageNumber}|${normal(e.text)}`);
    if (section) out.set(e.key, section);
  }
  return out;
}

/**
 * Numbers for an outline whose titles omit them ("Introduction", "Related Work"): the n-th top-level entry is
 * section n, its m-th child n.m — used only when the pages show those numbers before most top-level titles.
 */
function impliedOutlineNumbers(sections: SectionNode[], elements: LayoutElement[]): Map<string, SectionNode> {
  const out = new Map<string, SectionNode>();
  const outline = sections.filter((s) => s.source === 'outline');
  const tops = outline.filter((s) => s.parentKey === null);
  if (tops.length < 3 || tops.some((s) => headingNumber(s.title))) return out;
  const children = new Map<string, SectionNode[]>();
  for (const s of outline)
    if (s.parentKey) children.set(s.parentKey, [...(children.get(s.parentKey) ?? []), s]);
  const pageText = (page: number) =>
    elements
      .filter((e) => e.pageNumber === page)
      .map((e) => e.text.replace(/\s+/g, ' ').toLowerCase())
      .join('\n');
  let shown = 0;
  tops.forEach((s, i) => {
    const title = s.title.replace(/\s+/g, ' ').trim().toLowerCase();
    if (new RegExp(`(^|\\n)${i + 1}\\.?\\s+${escapeRegExp(title.slice(0, 30))}`).test(pageText(s.pageStart)))
      shown++;
  });
  if (shown < tops.length * 0.5) return out;
  const walk = (nodes: SectionNode[], prefix: string): void =>
    nodes.forEach((s, i) => {
      const number = `${prefix}${i + 1}`;
      out.set(number, s);
      walk(children.get(s.key) ?? [], `${number}.`);
    });
  walk(tops, '');
  return out;
}

/** Where the notes to the financial statements start (the index of their heading), or null. */
function notesArea(elements: LayoutElement[]): number | null {
  const index = elements.findIndex(
    (e) =>
      (e.kind === 'heading' || e.kind === 'paragraph') &&
      NOTES_START.test(e.text) &&
      e.text.split(/\s+/).length <= SHORT_TITLE_WORDS,
  );
  return index >= 0 ? index : null;
}

/**
 * Short headings or lines that start with a numbered title ("Item 7.", "Note 7 —"), by number: the first one
 * outside a table of contents, headings first. Inside the notes area, bare numbered headings ("7. Debt") count.
 */
function titledTargets(
  elements: LayoutElement[],
  title: RegExp,
  notesStart: number | null,
): Map<string, LayoutElement> {
  const candidates: Array<{ number: string; element: LayoutElement }> = [];
  elements.forEach((e, index) => {
    if (e.kind !== 'heading' && e.kind !== 'paragraph') return;
    if (e.text.split(/\s+/).length > SHORT_TITLE_WORDS && e.kind !== 'heading') return;
    const m = title.exec(e.text.trim());
    const bare = notesStart !== null && index > notesStart ? NUMBERED_NOTE_TITLE.exec(e.text.trim()) : null;
    const number = (m?.[1] ?? (e.kind === 'heading' ? bare?.[1] : undefined))?.toUpperCase();
    if (number) candidates.push({ number, element: e });
  });
  const perPage = new Map<number, Set<string>>();
  for (const c of candidates)
    perPage.set(c.element.pageNumber, (perPage.get(c.element.pageNumber) ?? new Set()).add(c.number));
  const out = new Map<string, LayoutElement>();
  for (const kind of ['heading', 'paragraph']) {
    for (const c of candidates) {
      if (c.element.kind !== kind || out.has(c.number)) continue;
      if ((perPage.get(c.element.pageNumber)?.size ?? 0) >= CONTENTS_ITEMS) continue;
      out.set(c.number, c.element);
    }
  }
  return out;
}
