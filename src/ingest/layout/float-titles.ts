// Unnumbered titles: the short title a figure, chart or table stands under (or over) when it has no "Figure 3:"
// caption — a Pew chart's bold title, a filing's "CONSOLIDATED BALANCE SHEETS" over its units line.
import type { LayoutElement } from '../../document/document-model';
import { captionLabel } from '../../document/caption-grammar';
import { horizontalOverlap, verticalOverlap } from './layout.types';

/** A title this far above (or below) a float, in points, still belongs to it. */
const TITLE_GAP_ABOVE = 30;
const TITLE_GAP_BELOW = 18;
const PHOTO_CAPTION_GAP = 10;
const MAX_TITLE_WORDS = 30;
const MAX_SUBTITLE_WORDS = 24;
/** Notes and sources under a chart are not its title. */
const NOT_A_TITLE =
  /^(notes?|sources?|\*|©|copyright|total|subtotal|ending|beginning|balances?)\b|\b(inc|corp|corporation|llc|ltd|limited|plc|l\.?p)\.?$|\bas\s+[\w\s]*agent$|^\(?(in (millions|thousands|billions)|unaudited|dollars)|^exhibit\s+\d+(\.\d+)*\s+to\b|^(part\s+[IVX]+\b|item\s+\d)|\.{4,}/i;
/** A period column's header ("Three Months Ended April 30, 2023", "October 30, 2022"), units, a footnote mark. */
const COLUMN_HEADER =
  /^((three|six|nine|twelve)\s+months|years?|quarters?|weeks?|fiscal|as of|for the)\b.{0,40}\d{4}$|^\p{L}+\s+\d{1,2},?\s+\d{4}$|\bin (millions|thousands|billions)$|\([a-z]\)$/iu;
/** A lead-in sentence that ends with a colon names the table it introduces; a row label with a colon does not. */
const LEAD_IN =
  /\b(follows?|following|below|table|present(s|ed)?|summar\w*|consist\w*|shows?|sets? forth|details?|were|are|is)\b/i;
/** Lines between a title and its table that a title may stand above: units, a subtitle, a date line. */
const SUBTITLE =
  /^(\(?(in (millions|thousands|billions)|unaudited|amounts in|dollars in|\$ in|percent|share of|among)\b|%\s)|\)$/i;

/**
 * A float still without a caption takes the short title directly above it, else (a figure or chart) a short
 * bold line below it or a chart title further up. A paragraph taken as a title becomes a caption; a heading
 * stays a heading (it still opens a section) and only gains `captionOf`.
 */
export function linkTitles(elements: LayoutElement[]): void {
  const captioned = new Set(elements.flatMap((e) => (e.captionOf ? [e.captionOf] : [])));
  const used = new Set(elements.filter((e) => e.captionOf).map((e) => e.key));
  const regionsSeen = new Set<string>();
  const byPage = new Map<number, LayoutElement[]>();
  for (const e of elements) byPage.set(e.pageNumber, [...(byPage.get(e.pageNumber) ?? []), e]);
  for (const float of elements) {
    if (float.kind !== 'figure' && float.kind !== 'chart' && float.kind !== 'table') continue;
    // A table split into row groups shares one bbox: its first part carries the caption.
    const region = `${float.pageNumber}:${float.bbox.join(',')}`;
    if (regionsSeen.has(region)) continue;
    regionsSeen.add(region);
    if (captioned.has(float.key)) continue;
    const page = byPage.get(float.pageNumber) ?? [];
    const title =
      titleAbove(float, page, used) ??
      (float.kind === 'table' ? null : (titleBelow(float, page, used) ?? chartTitle(float, page, used)));
    if (!title) continue;
    title.captionOf = float.key;
    if (title.kind !== 'heading') title.kind = 'caption';
    used.add(title.key);
    captioned.add(float.key);
  }
}

/** A column header or row label cut off from its table: "Year Ended December 31,", "Cost of", "2025 and". */
const FRAGMENT_END =
  /(,|\/|\b(and|or|of|as|at|to|the|for|in|by|from|using|vs\.?|ended|january|february|march|april|may|june|july|august|september|october|november|december|otherwise))$/i;

function isTitleText(e: LayoutElement): boolean {
  const text = e.text.trim();
  if (e.kind !== 'heading' && e.kind !== 'paragraph' && e.kind !== 'caption') return false;
  if (!/\p{L}{2}/u.test(text) || NOT_A_TITLE.test(text) || FRAGMENT_END.test(text)) return false;
  if (/^\p{Ll}/u.test(text) && !/^%/.test(text)) return false;
  const words = text.split(/\s+/).length;
  if (words > MAX_TITLE_WORDS || text.length > 260 || words < 2) return false;
  // A short label with a colon heads the table's first rows ("Current liabilities:"), not the table.
  if (/:$/.test(text) && (words < 5 || !LEAD_IN.test(text))) return false;
  // "2022 2021", "March 31, 2023" head columns; "Chaffee Monument (HM00-122)." names a photo.
  const letterWords = (text.match(/\p{L}{3,}/gu) ?? []).length;
  if (COLUMN_HEADER.test(text) || (words <= 3 && /\d/.test(text) && letterWords < 2)) return false;
  if (e.kind !== 'heading' && /^\d{1,2}\s+\p{Lu}/u.test(text)) return false; // a numbered step in a manual
  // A sentence of body text ends with a full stop; titles and table lead-ins ("…as follows:") do not.
  return e.kind === 'heading' || !/[.;]$/.test(text) || (words <= 12 && !/[.!?]\s+\p{Lu}/u.test(text));
}

/**
 * Above a float, a plain short line is as often a row label or column header as a title, so a title must stand
 * out: a heading (larger or bold), all capitals ("CONSOLIDATED BALANCE SHEETS"), or a lead-in sentence.
 */
function strongTitle(e: LayoutElement): boolean {
  const text = e.text.trim();
  if (e.kind === 'heading' || inCapitals(text)) return true;
  return text.split(/\s+/).length >= 5 && LEAD_IN.test(text);
}

/** "CONDENSED CONSOLIDATED BALANCE SHEETS (Unaudited)": capitals, whatever a parenthetical after them says. */
function inCapitals(text: string): boolean {
  const unqualified = text.trim().replace(/\s*\([^)]*\)$/, '');
  return /\p{Lu}{3}/u.test(unqualified) && unqualified === unqualified.toUpperCase();
}

/** A block of the page's body (not the float, no running header or footer) ending within `reach` above `y`. */
function bodyEndingAbove(e: LayoutElement, float: LayoutElement, y: number, reach: number): boolean {
  return (
    e !== float &&
    e.kind !== 'page-header' &&
    e.kind !== 'page-footer' &&
    e.bbox[3] <= y + 4 &&
    y - e.bbox[3] <= reach
  );
}

/** Blocks stacked directly above the float (nearest first), each within the gap of the one below it. */
function stackAbove(float: LayoutElement, page: LayoutElement[]): LayoutElement[] {
  const out: LayoutElement[] = [];
  let top = float.bbox[1];
  for (let step = 0; step < 3; step++) {
    const next = page
      .filter(
        (e) =>
          !out.includes(e) &&
          bodyEndingAbove(e, float, top, TITLE_GAP_ABOVE) &&
          horizontalOverlap(e.bbox, float.bbox) >
            Math.min(e.bbox[2] - e.bbox[0], float.bbox[2] - float.bbox[0]) * 0.3,
      )
      .sort((a, b) => b.bbox[3] - a.bbox[3])[0];
    if (!next) break;
    out.push(next);
    top = next.bbox[1];
  }
  return out;
}

function titleAbove(float: LayoutElement, page: LayoutElement[], used: Set<string>): LayoutElement | null {
  const stack = stackAbove(float, page);
  // A subtitle ("% who say …") is the title only when no title stands above it.
  let subtitle: LayoutElement | null = null;
  const fallback = () => (subtitle && isTitleText(subtitle) ? subtitle : null);
  for (const e of stack) {
    if (used.has(e.key) || e.kind === 'figure' || e.kind === 'chart' || e.kind === 'table') return fallback();
    if (!alignedWith(e, float)) continue; // a column header over some columns: look further up
    if (betweenParts(e, float, page)) return fallback(); // a row label between two parts of one table
    // A statement title qualified by "(Unaudited)" ends like a units line but stands out as a title.
    if (!/^[(%]/.test(e.text.trim()) && isTitleText(e) && (e.kind === 'heading' || inCapitals(e.text)))
      return e;
    if (SUBTITLE.test(e.text.trim()) && e.text.split(/\s+/).length <= MAX_SUBTITLE_WORDS) {
      subtitle ??= e;
      continue;
    }
    return isTitleText(e) && strongTitle(e) ? e : fallback();
  }
  return fallback();
}

/** Whether another table ends just above the candidate: then it labels rows between two parts of one table. */
function betweenParts(e: LayoutElement, float: LayoutElement, page: LayoutElement[]): boolean {
  return page.some(
    (other) =>
      other !== float &&
      float.kind === 'table' &&
      other.kind === 'table' &&
      other.bbox[3] <= e.bbox[1] + 4 &&
      e.bbox[1] - other.bbox[3] <= TITLE_GAP_BELOW &&
      horizontalOverlap(other.bbox, e.bbox) > 0 &&
      captionLabel(e.text) === null,
  );
}

/** A title starts at the float's left edge, is centred over it, or spans most of it; column headers do none. */
function alignedWith(e: LayoutElement, float: LayoutElement): boolean {
  const floatWidth = float.bbox[2] - float.bbox[0];
  const ownWidth = e.bbox[2] - e.bbox[0];
  const leftAligned = Math.abs(e.bbox[0] - float.bbox[0]) <= Math.max(12, floatWidth * 0.04);
  const centre = (b: LayoutElement['bbox']) => (b[0] + b[2]) / 2;
  const centred = Math.abs(centre(e.bbox) - centre(float.bbox)) <= floatWidth * 0.08;
  return leftAligned || centred || ownWidth >= floatWidth * 0.6 || e.bbox[0] <= float.bbox[0];
}

function titleBelow(float: LayoutElement, page: LayoutElement[], used: Set<string>): LayoutElement | null {
  const below = page
    .filter(
      (e) =>
        e !== float &&
        e.bbox[1] >= float.bbox[3] - 4 &&
        e.bbox[1] - float.bbox[3] <= TITLE_GAP_BELOW &&
        horizontalOverlap(e.bbox, float.bbox) > 0,
    )
    .sort((a, b) => a.bbox[1] - b.bbox[1])[0];
  if (!below || used.has(below.key) || !isTitleText(below) || !alignedWith(below, float)) return null;
  const words = below.text.split(/\s+/).length;
  if (below.kind === 'heading') return words <= 20 ? below : null;
  // A photo's caption sits tight under it and is short; body text after a figure starts further down or runs on.
  const gap = below.bbox[1] - float.bbox[3];
  return gap <= PHOTO_CAPTION_GAP && words <= 25 ? below : null;
}

/** How far above a chart its title may stand when legend and axis labels sit between them, in points. */
const CHART_TITLE_REACH = 110;
/** Blank space that ends a chart's block of title, subtitle and labels above the plot, in points. */
const CHART_BLOCK_GAP = 42;
const SECTION_HEADING_OFFSET = 60;
const CHART_SOURCE_REACH = 45;
const MAX_FURNITURE_WORDS = 8;
const MAX_CHART_SUBTITLE_WORDS = 40;
const SOURCE_LINE = /^(notes?|sources?)\s*:/i;

/**
 * A report chart (Pew style) stacks title, subtitle, legend and axis labels over the plot, notes and sources
 * under it: walk up its column past labels and subtitles to the first other block, the title when it is a
 * heading or, with a note or source line under the plot, a short title-like line. Body text stops the search.
 */
function chartTitle(float: LayoutElement, page: LayoutElement[], used: Set<string>): LayoutElement | null {
  const above = page
    .filter(
      (e) =>
        bodyEndingAbove(e, float, float.bbox[1], CHART_TITLE_REACH) &&
        horizontalOverlap(e.bbox, float.bbox) > 0,
    )
    .sort((a, b) => b.bbox[3] - a.bbox[3]);
  // The chart's block: labels, subtitles and panels stacked above the plot, each within a title gap of the next.
  let top: LayoutElement | null = null;
  let blockTop = float.bbox[1];
  for (const e of above) {
    if (blockTop - e.bbox[3] > CHART_BLOCK_GAP) break;
    if (e.kind === 'table' || used.has(e.key)) break;
    if (e.kind === 'figure' || e.kind === 'chart') {
      blockTop = Math.min(blockTop, e.bbox[1]); // another panel of the same chart
      continue;
    }
    const text = e.text.trim();
    const words = text.split(/\s+/).length;
    const titleLike = isTitleText(e) && (alignedWith(e, float) || e.bbox[0] <= float.bbox[0]);
    // A heading that starts far left of the chart's column is the page's section title, not the chart's.
    if (e.kind === 'heading' && top && e.bbox[0] < float.bbox[0] - SECTION_HEADING_OFFSET) break;
    if (e.kind === 'heading') return titleLike ? e : null;
    if (titleLike && /:$/.test(text) && words >= 5 && LEAD_IN.test(text)) return e;
    if (!titleLike && !isChartFurniture(e)) break; // body text
    // Legend entries and axis labels share their row with others; a title stands alone on its lines.
    const alone = !above.some((o) => o !== e && verticalOverlap(o.bbox, e.bbox) > 0);
    if (titleLike && alone && words >= 4 && !/^[%(]/.test(text)) top ??= e;
    blockTop = Math.min(blockTop, e.bbox[1]);
  }
  // Without a heading, the title-like line nearest the plot is its title only where a note or source marks a chart.
  return top && hasSourceLineBelow(float, page) ? top : null;
}

/** Legend entries, axis labels and subtitles between a chart's title and its plot. */
function isChartFurniture(e: LayoutElement): boolean {
  const text = e.text.trim();
  const words = text.split(/\s+/).length;
  if (e.kind === 'heading' || (/:$/.test(text) && words >= 5 && LEAD_IN.test(text))) return false;
  if (words <= MAX_FURNITURE_WORDS && !/[.;]$/.test(text)) return true;
  return (
    words <= MAX_CHART_SUBTITLE_WORDS &&
    (/^%/.test(text) || /(…|\.\.\.|\?|\(%\))$/.test(text) || /\[[A-Z -]+\]$/.test(text))
  );
}

function hasSourceLineBelow(float: LayoutElement, page: LayoutElement[]): boolean {
  return page.some(
    (e) =>
      e.bbox[1] >= float.bbox[3] - 4 &&
      e.bbox[1] - float.bbox[3] <= CHART_SOURCE_REACH &&
      horizontalOverlap(e.bbox, float.bbox) > 0 &&
      SOURCE_LINE.test(e.text.trim()),
  );
}
