import type { BBox } from '../document/document-model';
import { captionPrefix, labelWord } from '../document/caption-grammar';

// "How many figures are in this paper?", "How many pages contain tables?": a question that counts the document's own
// figures, tables or charts has its answer in the graph, not in any one page's text. Retrieval would read five pages
// and guess; the graph holds every caption ("Figure 12: …"), every figure, table and chart region and the outline, so
// the count is a query over the whole document. Pure functions; the structure comes from
// cypher/retrieve/document-structure.cypher.

export type CountedKind = 'figure' | 'table' | 'chart';

export interface CountQuestion {
  kind: CountedKind;
  /** 'items': how many figures; 'pages': how many pages hold at least one. */
  unit: 'items' | 'pages';
  /** The PDF pages the count is limited to, as the question gives them; null: the whole document. */
  pages: { from: number; to: number } | null;
  /** Limited to the appendix. */
  appendix: boolean;
}

/** What the graph holds about a document's figures, tables and charts. */
export interface DocumentStructure {
  pageCount: number;
  /** Caption elements (their text opens with the label: "Figure 3: …"). */
  captions: Array<{ elementId: string; pageNumber: number; text: string; bbox: BBox | null }>;
  /** Figure, table and chart regions the layout found, with what they print ('' for a picture without words). */
  regions: Array<{ elementId: string; kind: string; pageNumber: number; bbox: BBox | null; text: string }>;
  /** Top-level outline entries, in reading order, with the page each starts on. */
  sections: Array<{ title: string; pageStart: number | null }>;
}

export interface StructureCount {
  count: number;
  /** How it was counted, for the answer's analysis. */
  how: string;
  /** The elements counted (captions or regions), at most one per item, for citations. */
  evidence: Array<{ elementId: string; pageNumber: number; bbox: BBox | null; quote: string }>;
}

const KIND_WORDS: Record<string, CountedKind> = { figure: 'figure', table: 'table', chart: 'chart' };
const DOCUMENT_NOUN = String.raw`(?:document|paper|report|article|guidebook|guide|manual|book|deck|slides?|presentation|file|pdf|brochure|study)`;

/** Phrases that may follow the counted noun without narrowing what is counted; anything else makes it no count. */
const FILLER = [
  /^(?:are|were|is|there|shown|included|presented|available|contained|displayed|in total|altogether|overall|in all)\b/,
  new RegExp(
    String.raw`^(?:in|within|of|throughout|across) (?:this|the) (?:entire |whole )?${DOCUMENT_NOUN}\b`,
  ),
];
const PAGE_RANGE =
  /^(?:in|on|from|within|between|across|of)? ?pages? (\d{1,4}) ?(?:-|–|to|and|through) ?(?:pages? )?(\d{1,4})\b/;
const APPENDIX = /^in (?:the |its )?(?:appendix|appendices)\b/;

/**
 * The count a question asks for, or null when it asks anything more ("how many figures show humans", "how many pie
 * charts": the graph knows regions and captions, not what a figure depicts or a chart's type).
 */
export function countQuestionOf(question: string): CountQuestion | null {
  const text = question
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[?.!\s]+$/, '');
  const pagesWith =
    /^how many pages (?:contain|include|have|hold|show)(?: any| a| at least one)? (figure|table|chart)s?\b/.exec(
      text,
    );
  const items = pagesWith ? null : /^how many (figure|table|chart)s\b/.exec(text);
  const head = pagesWith ?? items;
  if (!head) return null;
  const query: CountQuestion = {
    kind: KIND_WORDS[head[1]!]!,
    unit: pagesWith ? 'pages' : 'items',
    pages: null,
    appendix: false,
  };
  let rest = text.slice(head[0].length).trim();
  while (rest.length > 0) {
    const filler = FILLER.map((f) => f.exec(rest)).find((m) => m !== null);
    const range = PAGE_RANGE.exec(rest);
    const appendix = APPENDIX.exec(rest);
    const m = filler ?? range ?? appendix;
    if (!m) return null;
    if (m === range) {
      const [a, b] = [Number(range[1]), Number(range[2])];
      query.pages = { from: Math.min(a, b), to: Math.max(a, b) };
    }
    if (m === appendix) query.appendix = true;
    rest = rest.slice(m[0].length).replace(/^[,\s]+/, '');
  }
  return query;
}

/**
 * The kind and number of a numbered caption ("Figure 12: …", "Fig. 3 Ablation", "Table 2"), read with the layout's
 * own caption grammar; null for a mention in running text ("Figure 5 shows …": no separator after the label, and
 * more text follows) or a label that is not a whole number ("Figure 1.2").
 */
function numberedCaption(text: string): { kind: CountedKind; number: number } | null {
  const trimmed = text.trim();
  const prefix = captionPrefix(trimmed);
  if (!prefix || !/^\d+$/.test(prefix.number)) return null;
  if (prefix.separator === null && prefix.length < trimmed.length) return null;
  const kind = KIND_WORDS[labelWord(prefix.word)];
  return kind ? { kind, number: Number(prefix.number) } : null;
}

/** The page where the appendix starts: an "Appendix" heading, or the first lettered section ("A Details") after the references. */
export function appendixStart(sections: DocumentStructure['sections']): number | null {
  const titled = sections.find((s) => /^\s*(?:appendix|appendices)\b/i.test(s.title) && s.pageStart !== null);
  if (titled) return titled.pageStart;
  const references = sections.findIndex((s) =>
    /^\s*(?:\d+\.?\s+)?(?:references|bibliography)\s*$/i.test(s.title),
  );
  if (references < 0) return null;
  const lettered = sections
    .slice(references + 1)
    .find((s) => /^\s*A(?:\.|\s)\s*[A-Z]/.test(s.title) && s.pageStart !== null);
  return lettered?.pageStart ?? null;
}

/** Words a citation may quote: at most `max` characters cut at a word boundary, marked "…" when cut. */
function printedQuote(text: string, max = 80): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  return `${flat.slice(0, max).replace(/\s+\S*$/, '')} …`;
}

/**
 * A counted region cited by what it prints; a picture without words by the caption on its page, else not cited (a
 * quote is text the cited element prints, never a label of our own such as "figure region").
 */
function regionEvidence(
  region: DocumentStructure['regions'][number],
  captions: DocumentStructure['captions'],
): StructureCount['evidence'] {
  const { elementId, pageNumber, bbox } = region;
  if (region.text.trim() !== '') return [{ elementId, pageNumber, bbox, quote: printedQuote(region.text) }];
  const caption = captions.find((c) => c.pageNumber === pageNumber && c.text.trim() !== '');
  return caption
    ? [{ elementId: caption.elementId, pageNumber, bbox: caption.bbox, quote: printedQuote(caption.text) }]
    : [];
}

/**
 * Counts what the question asks for, or says why the document cannot. Numbered items count by their highest label,
 * so items whose captions layout missed still count; otherwise by the regions layout found. */
export function countStructure(
  query: CountQuestion,
  doc: DocumentStructure,
): { ok: true; result: StructureCount } | { ok: false; reason: string } {
  let from = 1;
  let to = doc.pageCount;
  if (query.pages) {
    if (query.pages.from > doc.pageCount)
      return {
        ok: false,
        reason: `The document has ${doc.pageCount} pages; pages ${query.pages.from}–${query.pages.to} are not in it.`,
      };
    from = query.pages.from;
    to = Math.min(query.pages.to, doc.pageCount);
  }
  if (query.appendix) {
    const start = appendixStart(doc.sections);
    if (start === null) return { ok: false, reason: 'The document has no appendix in its outline.' };
    from = Math.max(from, start);
  }
  const inScope = (page: number) => page >= from && page <= to;
  const scopeText = query.appendix
    ? `in the appendix (pp. ${from}–${to})`
    : query.pages
      ? `on pp. ${from}–${to}`
      : `in the document (${doc.pageCount} pages)`;
  const regionKinds: string[] = query.kind === 'figure' ? ['figure', 'chart'] : [query.kind];
  const regions = doc.regions.filter((r) => regionKinds.includes(r.kind) && inScope(r.pageNumber));

  if (query.unit === 'pages') {
    const pages = [...new Set(regions.map((r) => r.pageNumber))].sort((a, b) => a - b);
    const evidence = pages.flatMap((p) => {
      const onPage = regions.filter((x) => x.pageNumber === p);
      return regionEvidence(onPage.find((r) => r.text.trim() !== '') ?? onPage[0]!, doc.captions);
    });
    return {
      ok: true,
      result: {
        count: pages.length,
        how: `pages holding a ${query.kind} region ${scopeText}: ${pages.length > 0 ? pages.join(', ') : 'none'}`,
        evidence,
      },
    };
  }

  const labelled = new Map<number, DocumentStructure['captions'][number]>();
  for (const c of doc.captions) {
    const caption = numberedCaption(c.text);
    if (caption?.kind !== query.kind || !inScope(c.pageNumber)) continue;
    if (!labelled.has(caption.number)) labelled.set(caption.number, c);
  }
  const name = `${query.kind}s`;
  if (labelled.size > 0) {
    const numbers = [...labelled.keys()].sort((a, b) => a - b);
    const low = query.pages || query.appendix ? numbers[0]! : 1;
    const high = numbers[numbers.length - 1]!;
    const label = query.kind[0]!.toUpperCase() + query.kind.slice(1);
    const evidence = numbers.map((n) => {
      const c = labelled.get(n)!;
      return { elementId: c.elementId, pageNumber: c.pageNumber, bbox: c.bbox, quote: printedQuote(c.text) };
    });
    const missed = high - low + 1 - numbers.length;
    return {
      ok: true,
      result: {
        count: high - low + 1,
        how:
          `numbered ${name} ${scopeText}: ${label} ${low} to ${label} ${high}` +
          (missed > 0 ? ` (${missed} of their captions not found by the layout)` : ''),
        evidence,
      },
    };
  }
  return {
    ok: true,
    result: {
      count: regions.length,
      how: `${query.kind} regions ${scopeText} (no numbered captions)`,
      evidence: regions.flatMap((r) => regionEvidence(r, doc.captions)),
    },
  };
}
