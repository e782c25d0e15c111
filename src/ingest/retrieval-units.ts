import type { CountTokens } from './layout/text';

// Retrieval units (stored as `Passage` nodes): what is embedded and searched, built over the layout elements so
// that each unit carries its context and is big enough to match a question. Layout elements (≈13 a page, most
// of them headings, labels and single lines) stay as they are for structure and citations; measured, searching
// them directly lost to plain 200-token page windows. Rules:
// - a unit never crosses a page (citations are pages) or a section (its path is the unit's context);
// - consecutive text elements are merged up to TEXT_UNIT_TOKENS, a heading always starts a new unit;
// - a table (already split by layout into row groups that repeat the header) is a unit of its own, with its
//   section path, its title (the heading or short line just before it) and its caption;
// - a figure or chart is a unit with its caption; its caption is not repeated in the text flow;
// - running headers/footers and empty elements are not embedded; every other element is covered exactly once.

/** Tokens a merged text unit grows to: a question matches ~200-token passages best (measured with bge-small). */
export const TEXT_UNIT_TOKENS = 200;
/** A line this short just before a table is its title ("Consolidated Balance Sheets"). */
const TITLE_MAX_TOKENS = 24;

export type UnitKind = 'text' | 'table' | 'figure';

/** An element as the unit builder needs it, in reading order; from the layout model or from the stored graph. */
export interface UnitSourceElement {
  id: string;
  pageNumber: number;
  kind: string;
  text: string;
  description: string | null;
  /** The section that directly contains the element (null: none). */
  sectionId: string | null;
  sectionPath: string | null;
  /** For a caption: the element it captions. */
  captionOf: string | null;
}

export interface RetrievalUnit {
  /** `p<page>-u<order>`, unique within the document. */
  key: string;
  pageNumber: number;
  /** Position among the page's units. */
  order: number;
  kind: UnitKind;
  /** What is embedded and full-text indexed: the section path, then the content. */
  text: string;
  /** The elements the unit covers, in reading order (an element belongs to exactly one unit). */
  elementIds: string[];
}

const NOT_EMBEDDED = new Set(['page-header', 'page-footer']);
const VISUAL = new Set(['figure', 'chart']);

/** What an element contributes: a table its grid, a figure its description and the text inside it, else its text. */
function content(e: UnitSourceElement): string {
  if (e.kind === 'table') return (e.description ?? e.text).trim();
  if (VISUAL.has(e.kind) && e.description && !e.description.includes(e.text)) {
    return `${e.description}\n${e.text}`.trim();
  }
  return (VISUAL.has(e.kind) ? (e.description ?? e.text) : e.text).trim();
}

/** Builds the document's retrieval units from its elements in reading order. */
export function buildRetrievalUnits(
  elements: UnitSourceElement[],
  countTokens: CountTokens,
  textUnitTokens = TEXT_UNIT_TOKENS,
): RetrievalUnit[] {
  const byId = new Map(elements.map((e) => [e.id, e]));
  // A caption joins its target's unit when both are on the same page.
  const captionOfTarget = new Map<string, UnitSourceElement>();
  for (const e of elements) {
    const target = e.captionOf ? byId.get(e.captionOf) : undefined;
    if (
      e.kind === 'caption' &&
      target &&
      target.pageNumber === e.pageNumber &&
      !captionOfTarget.has(target.id)
    )
      captionOfTarget.set(target.id, e);
  }
  const absorbedCaptions = new Set([...captionOfTarget.values()].map((c) => c.id));

  const units: RetrievalUnit[] = [];
  const orderOnPage = new Map<number, number>();
  const emit = (page: number, kind: UnitKind, path: string | null, body: string, ids: string[]): void => {
    const text = (path ? `${path}\n${body}` : body).trim();
    if (!text || ids.length === 0) return;
    const order = orderOnPage.get(page) ?? 0;
    orderOnPage.set(page, order + 1);
    units.push({ key: `p${page}-u${order}`, pageNumber: page, order, kind, text, elementIds: ids });
  };

  interface OpenUnit {
    page: number;
    sectionId: string | null;
    path: string | null;
    parts: string[];
    ids: string[];
  }
  let open: OpenUnit | null = null;
  const flush = (): void => {
    if (open) emit(open.page, 'text', open.path, open.parts.join('\n'), open.ids);
    open = null;
  };
  const fitsOpen = (unit: OpenUnit | null, e: UnitSourceElement, body: string): unit is OpenUnit =>
    unit !== null &&
    unit.page === e.pageNumber &&
    unit.sectionId === e.sectionId &&
    e.kind !== 'heading' &&
    countTokens([unit.path ?? '', ...unit.parts, body].join('\n')) <= textUnitTokens;

  let previous: UnitSourceElement | undefined; // the last text element on the page, a table's title candidate
  for (const e of elements) {
    if (NOT_EMBEDDED.has(e.kind) || absorbedCaptions.has(e.id)) continue;
    if (previous && previous.pageNumber !== e.pageNumber) previous = undefined;
    const body = content(e);

    if (e.kind === 'table' || VISUAL.has(e.kind)) {
      flush();
      const caption = captionOfTarget.get(e.id);
      const title =
        e.kind === 'table' &&
        previous &&
        previous.sectionId === e.sectionId &&
        (previous.kind === 'heading' || countTokens(previous.text) <= TITLE_MAX_TOKENS)
          ? previous.text.trim()
          : '';
      const parts = [title, caption?.text.trim() ?? '', body].filter(Boolean);
      const ids = caption ? [e.id, caption.id] : [e.id];
      if (body || caption)
        emit(e.pageNumber, e.kind === 'table' ? 'table' : 'figure', e.sectionPath, parts.join('\n'), ids);
      continue;
    }
    if (!body) continue;

    let unit: OpenUnit | null = open;
    if (!fitsOpen(unit, e, body)) {
      flush();
      unit = { page: e.pageNumber, sectionId: e.sectionId, path: e.sectionPath, parts: [], ids: [] };
      open = unit;
    }
    unit.parts.push(body);
    unit.ids.push(e.id);
    previous = e;
  }
  flush();
  return units;
}
