import type { SectionFields } from '../../document/document-model';
import { cosine } from '../../common/cosine';

// DMAP's progressive outline for documents without a PDF outline: walk the pages in order keeping a running
// outline, and for each page decide whether it continues the open section or starts a new one. Offline signals:
// heading elements (their level nests them, as ingestion's heading sections do) and a topic shift — the page's
// text before its first heading is far from the running centroid of the open section's elements.

export interface OutlineElement {
  id: string;
  pageNumber: number;
  kind: string;
  text: string;
  headingLevel: number | null;
  vector: ArrayLike<number> | null;
}

/** `order` is the position in the outline (parents first), the `<docId>:inf<order>` id's suffix. */
export interface InferredSection extends SectionFields {
  parentOrder: number | null;
  /** Elements the section directly holds, in reading order. */
  elementIds: string[];
  /** How the section started: a heading element, or a topic shift on a page without one. */
  startedBy: 'heading' | 'topic-shift' | 'start';
}

export interface OutlineOptions {
  /** A page whose pre-heading text is less similar than this (cosine) to the open section's centroid starts a new one. */
  topicShiftThreshold: number;
  /** Characters of the first sentence used as the title of a section started by a topic shift. */
  titleChars: number;
}

export const DEFAULT_OUTLINE_OPTIONS: OutlineOptions = { topicShiftThreshold: 0.6, titleChars: 60 };

const FURNITURE = new Set(['page-header', 'page-footer']);

interface Open {
  section: InferredSection;
  headingLevel: number;
  centroid: Float64Array | null;
  count: number;
}

/** The outline of `elements` (all pages, reading order). Pure and deterministic. */
export function inferOutline(
  elements: readonly OutlineElement[],
  options: OutlineOptions = DEFAULT_OUTLINE_OPTIONS,
): InferredSection[] {
  const sections: InferredSection[] = [];
  const stack: Open[] = [];
  const pages = new Map<number, OutlineElement[]>();
  for (const e of elements) {
    if (FURNITURE.has(e.kind) || !e.text.trim()) continue;
    pages.set(e.pageNumber, [...(pages.get(e.pageNumber) ?? []), e]);
  }

  const open = (
    title: string,
    headingLevel: number,
    page: number,
    startedBy: InferredSection['startedBy'],
  ) => {
    if (startedBy !== 'heading') stack.length = 0; // a new topic closes the whole running outline
    while (stack.length && stack[stack.length - 1]!.headingLevel >= headingLevel) stack.pop();
    const parent = stack[stack.length - 1]?.section ?? null;
    const section: InferredSection = {
      order: sections.length,
      parentOrder: parent?.order ?? null,
      title,
      level: parent ? parent.level + 1 : 1,
      path: parent ? `${parent.path} > ${title}` : title,
      pageStart: page,
      pageEnd: page,
      elementIds: [],
      startedBy,
    };
    sections.push(section);
    stack.push({ section, headingLevel, centroid: null, count: 0 });
  };
  const add = (e: OutlineElement) => {
    const top = stack[stack.length - 1]!;
    top.section.elementIds.push(e.id);
    for (const o of stack) {
      o.section.pageEnd = Math.max(o.section.pageEnd, e.pageNumber);
      if (!e.vector) continue;
      o.centroid ??= new Float64Array(e.vector.length);
      for (let j = 0; j < e.vector.length; j++) o.centroid[j]! += e.vector[j]!;
      o.count += 1;
    }
  };

  for (const [page, content] of [...pages.entries()].sort((a, b) => a[0] - b[0])) {
    const firstHeading = content.findIndex((e) => e.kind === 'heading');
    const lead = firstHeading === -1 ? content : content.slice(0, firstHeading);
    if (lead.length > 0) {
      const current = stack[stack.length - 1];
      if (!current) open(titleFrom(lead, options), 1, page, 'start');
      else if (isTopicShift(lead, current, options)) open(titleFrom(lead, options), 1, page, 'topic-shift');
      for (const e of lead) add(e);
    }
    for (let i = Math.max(firstHeading, 0); firstHeading !== -1 && i < content.length; i++) {
      const e = content[i]!;
      if (e.kind === 'heading') open(clean(e.text), Math.max(1, e.headingLevel ?? 1), page, 'heading');
      add(e);
    }
  }
  return sections;
}

/** The lead text is far from the open section's (and its ancestors') running centroid. */
function isTopicShift(lead: OutlineElement[], current: Open, options: OutlineOptions): boolean {
  const vectors = lead.map((e) => e.vector).filter((v): v is ArrayLike<number> => v !== null);
  if (vectors.length === 0 || !current.centroid || current.count === 0) return false;
  const mean = new Float64Array(vectors[0]!.length);
  for (const v of vectors) for (let j = 0; j < mean.length; j++) mean[j]! += v[j]!;
  return cosine(mean, current.centroid) < options.topicShiftThreshold;
}

function clean(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** A title for a section that began without a heading: the first sentence of its first text, clipped at a word. */
function titleFrom(lead: OutlineElement[], options: OutlineOptions): string {
  const text = clean(lead.find((e) => e.kind !== 'caption')?.text ?? lead[0]!.text);
  const sentence = text.split(/(?<=[.!?])\s/)[0] ?? text;
  if (sentence.length <= options.titleChars) return sentence.replace(/[.:;,]$/, '');
  const cut = sentence.slice(0, options.titleChars);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 20)).trimEnd()}…`;
}
