import { splitByTokens, type CountTokens } from './layout/text';
import { tableToEmbed } from './table-to-embed';

// Retrieval units (`Passage` nodes) are what is embedded and searched: layout elements are too small to match a
// question alone, so units merge them within one page and one section, carrying their context (the full rules
// and what was measured: docs/measurements.md, "Moved from code comments").

/** Tokens a merged text unit grows to: a question matches ~200-token passages best (measured with bge-small). */
export const TEXT_UNIT_TOKENS = 200;
/** A line this short just before a table is its title ("Consolidated Balance Sheets"). */
const TITLE_MAX_TOKENS = 24;
/** Text this short between a table and what precedes it (title, units line) is absorbed into the table's unit. */
const TABLE_LEAD_MAX_TOKENS = 48;
/** The running header a unit carries is cut to this many tokens. */
export const CONTEXT_HEADER_TOKENS = 16;
/** A unit's section path keeps its deepest headings that fit in this many tokens (the deepest one, cut, at least). */
export const CONTEXT_PATH_TOKENS = 32;

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
  /** What is stored and full-text indexed: the running header and the whole section path, then the content. */
  text: string;
  /** What is embedded: the capped context, then the content (a table as rows of labels, see tableToEmbed). */
  embedText: string;
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

  const pageHeaders = runningHeadersByPage(elements);
  const cappedHeaders = new Map(
    [...pageHeaders].map(([page, header]) => [page, firstTokens(header, CONTEXT_HEADER_TOKENS, countTokens)]),
  );
  const prefixes = new Map<string, string>();
  /** The capped context of a unit on `page` in the section at `path` whose body starts with `firstLine`. */
  const embedPrefixOf = (page: number, path: string | null, firstLine: string): string => {
    const key = `${page}\u0000${path ?? ''}\u0000${firstLine}`;
    let prefix = prefixes.get(key);
    if (prefix === undefined) {
      prefix = joinNonEmptyLines([cappedHeaders.get(page), contextPath(path, firstLine, countTokens)]);
      prefixes.set(key, prefix);
    }
    return prefix;
  };

  const units: RetrievalUnit[] = [];
  const orderOnPage = new Map<number, number>();
  const emit = (page: number, kind: UnitKind, path: string | null, body: string, ids: string[]): void => {
    if (!body.trim() || ids.length === 0) return;
    const text = joinNonEmptyLines([pageHeaders.get(page), path, body]);
    const content = kind === 'table' ? tableToEmbed(body) : body;
    const embedText = joinNonEmptyLines([embedPrefixOf(page, path, firstLineOf(body)), content]);
    const order = orderOnPage.get(page) ?? 0;
    orderOnPage.set(page, order + 1);
    units.push({
      key: `p${page}-u${order}`,
      pageNumber: page,
      order,
      kind,
      text,
      embedText,
      elementIds: ids,
    });
  };

  interface OpenUnit {
    page: number;
    sectionId: string | null;
    path: string | null;
    parts: string[];
    ids: string[];
    /** Tokens of its embedding so far: context + parts (WordPiece splits at the newlines that join them). */
    tokens: number;
  }
  let open: OpenUnit | null = null;
  const flush = (): void => {
    if (open) emit(open.page, 'text', open.path, open.parts.join('\n'), open.ids);
    open = null;
  };
  const fitsOpen = (unit: OpenUnit | null, e: UnitSourceElement, bodyTokens: number): unit is OpenUnit =>
    unit !== null &&
    unit.page === e.pageNumber &&
    unit.sectionId === e.sectionId &&
    e.kind !== 'heading' &&
    unit.tokens + bodyTokens <= textUnitTokens;
  /** The short open text just before a table on its page and section (its title): taken out of the text flow. */
  const takeTableLead = (table: UnitSourceElement): { text: string; ids: string[] } | null => {
    const unit: OpenUnit | null = open;
    if (!unit || unit.page !== table.pageNumber || unit.sectionId !== table.sectionId) return null;
    const text = unit.parts.join('\n');
    if (countTokens(text) > TABLE_LEAD_MAX_TOKENS) return null;
    open = null;
    return { text, ids: unit.ids };
  };

  let previous: UnitSourceElement | undefined; // the last text element on the page, a table's title candidate
  let tableTitle: { page: number; sectionId: string | null; text: string } | undefined;
  for (const e of elements) {
    if (NOT_EMBEDDED.has(e.kind) || absorbedCaptions.has(e.id)) continue;
    if (previous && previous.pageNumber !== e.pageNumber) previous = undefined;
    const body = content(e);

    if (e.kind === 'table' || VISUAL.has(e.kind)) {
      const lead = e.kind === 'table' ? takeTableLead(e) : null;
      flush();
      const caption = captionOfTarget.get(e.id);
      let title = lead?.text ?? '';
      if (
        !title &&
        e.kind === 'table' &&
        previous &&
        previous.sectionId === e.sectionId &&
        (previous.kind === 'heading' || countTokens(previous.text) <= TITLE_MAX_TOKENS)
      )
        title = previous.text.trim();
      // A later grid of the same statement repeats the first grid's title.
      const sameStatement =
        e.kind === 'table' && tableTitle?.page === e.pageNumber && tableTitle.sectionId === e.sectionId;
      if (sameStatement && tableTitle && !title.includes(tableTitle.text))
        title = [tableTitle.text, title].filter(Boolean).join('\n');
      else if (e.kind === 'table' && !sameStatement && title)
        tableTitle = { page: e.pageNumber, sectionId: e.sectionId, text: title };
      const parts = [title, caption?.text.trim() ?? '', body].filter(Boolean);
      const ids = [...(lead?.ids ?? []), e.id, ...(caption ? [caption.id] : [])];
      if (body || caption || lead)
        emit(e.pageNumber, e.kind === 'table' ? 'table' : 'figure', e.sectionPath, parts.join('\n'), ids);
      continue;
    }
    if (!body) continue;

    const bodyTokens = countTokens(body);
    let unit: OpenUnit | null = open;
    if (!fitsOpen(unit, e, bodyTokens)) {
      flush();
      const prefix = embedPrefixOf(e.pageNumber, e.sectionPath, firstLineOf(body));
      const tokens = prefix ? countTokens(prefix) : 0;
      unit = { page: e.pageNumber, sectionId: e.sectionId, path: e.sectionPath, parts: [], ids: [], tokens };
      open = unit;
    }
    unit.tokens += bodyTokens;
    unit.parts.push(body);
    unit.ids.push(e.id);
    previous = e;
  }
  flush();
  return units;
}

/**
 * Each page's running headers as one line of context (page numbers and other letterless lines left out). Their
 * elements stay uncovered: they are context, repeated on many pages, not content of their own.
 */
export function runningHeadersByPage(elements: UnitSourceElement[]): Map<number, string> {
  const byPage = new Map<number, string[]>();
  for (const e of elements) {
    if (e.kind !== 'page-header') continue;
    const text = e.text.replace(/\s+/g, ' ').trim();
    if (!/\p{L}{2}/u.test(text)) continue;
    const lines = byPage.get(e.pageNumber) ?? [];
    if (!lines.includes(text)) lines.push(text);
    byPage.set(e.pageNumber, lines);
  }
  return new Map([...byPage].map(([page, lines]) => [page, lines.join(' · ')]));
}

/** The parts that are present, one per line (not layout's joinLines, which joins a paragraph's lines). */
const joinNonEmptyLines = (parts: (string | null | undefined)[]): string =>
  parts
    .filter((p): p is string => !!p)
    .join('\n')
    .trim();

function firstLineOf(text: string): string {
  const end = text.indexOf('\n');
  return (end < 0 ? text : text.slice(0, end)).trim();
}

/** The first `maxTokens` tokens of `text`, cut between words. */
function firstTokens(text: string, maxTokens: number, countTokens: CountTokens): string {
  return countTokens(text) <= maxTokens ? text : (splitByTokens(text, maxTokens, countTokens)[0] ?? '');
}

const sameHeading = (a: string, b: string): boolean =>
  a.replace(/\s+/g, ' ').trim().toLowerCase() === b.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * A unit's section path as context: its deepest headings that fit in CONTEXT_PATH_TOKENS, without the deepest one
 * when the unit's body opens with that heading (it would be read twice).
 */
export function contextPath(path: string | null, firstLine: string, countTokens: CountTokens): string {
  const headings = (path ?? '')
    .split(' > ')
    .map((h) => h.trim())
    .filter(Boolean);
  if (headings.length && firstLine && sameHeading(headings.at(-1)!, firstLine)) headings.pop();
  if (headings.length === 0) return '';
  let kept = [headings.pop()!];
  if (countTokens(kept[0]!) > CONTEXT_PATH_TOKENS)
    return firstTokens(kept[0]!, CONTEXT_PATH_TOKENS, countTokens);
  while (headings.length) {
    const wider = [headings.at(-1)!, ...kept];
    if (countTokens(wider.join(' > ')) > CONTEXT_PATH_TOKENS) break;
    kept = wider;
    headings.pop();
  }
  return kept.join(' > ');
}
