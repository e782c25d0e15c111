// The document title: a filing's cover ("NETFLIX, INC. Form 10-K, fiscal year ended …"), else the cover's title
// block (the first page's largest lines), unless the PDF's Title metadata reads like a title and holds that block's
// words; then the metadata alone, else the file name without its extension.
import type { BBox, LayoutElement, TextItem } from '../../document/document-model';
import { fitsOneLine } from './element-split';
import { centreInside } from './layout.types';

export interface TitleSources {
  metadataTitle: string | null;
  /** The first page's text items (with font sizes) and elements. */
  firstPageItems: TextItem[];
  firstPageElements: LayoutElement[];
  /** Pictures placed on a first page read by OCR: their words title the document only when nothing else can. */
  firstPagePictures?: BBox[];
  bodyFontSize: number;
  fileName?: string;
}

export const UNTITLED = 'Untitled document';

const PLACEHOLDER =
  /^(untitled|microsoft (word|powerpoint|excel)|powerpoint presentation|document\d*|slide \d+|title|no title|pdf|print|doc\d*|\W*)$/i;
const FILE_EXTENSION = /\.(docx?|pptx?|xlsx?|indd|pdf|tex|dvi|rtf|odt|pages|key|qxd|ai|eps|htm|html)\s*$/i;
/** "Microsoft Word - report_v5.docx": the tool's prefix in front of a file name. */
const TOOL_PREFIX = /^(microsoft (word|powerpoint|excel)|adobe \w+|untitled)\s*[-–:]\s*/i;
/** A heading at least this much larger than the body text can be a title. */
const TITLE_FONT_RATIO = 1.15;
const MAX_TITLE_WORDS = 25;
/** Metadata made by a file-naming scheme: an underscore, or three words run together ("NewApproachComprehensive"). */
const FILE_NAMING = /_|\p{Ll}\p{Lu}\p{Ll}+\p{Lu}/u;
const NUMBERED_HEADING = /^\s*(?:\d+(?:\.\d+)*\.?|(?:chapter|part|section)\s+[\divxlc]+\.?)\s+\p{L}/iu;

/** Whether a metadata title reads like a title: words, not an accession number, a hash or a file code. */
export function looksLikeTitle(raw: string | null | undefined): boolean {
  const title = (raw ?? '').trim();
  if (title.length < 3 || PLACEHOLDER.test(title) || FILE_EXTENSION.test(title)) return false;
  if (TOOL_PREFIX.test(title)) return false;
  const letters = (title.match(/\p{L}/gu) ?? []).length;
  const digits = (title.match(/\d/g) ?? []).length;
  if (letters < 3 || digits > letters) return false;
  // One token with digits, underscores or hyphens is a code ("PIP_Seniors_040314", "0001065280-16-000006").
  if (!/\s/.test(title) && /[\d_]/.test(title)) return false;
  if (/^[0-9a-f]{16,}$/i.test(title.replace(/[-\s]/g, ''))) return false;
  return true;
}

export interface TitleChoice {
  title: string;
  /** The first-page elements the title (and its subtitle) were read from: they title the document, not a section. */
  coverKeys: Set<string>;
}

export function chooseTitle(sources: TitleSources): string {
  return readTitle(sources).title;
}

export function readTitle(sources: TitleSources): TitleChoice {
  const filing = filingTitle(sources);
  if (filing) return { title: filing, coverKeys: new Set() };
  const metadata = looksLikeTitle(sources.metadataTitle)
    ? withoutCode(clean(sources.metadataTitle ?? ''))
    : null;
  const cover = coverTitle(sources);
  if (cover && !(metadata && holdsWords(metadata, cover.title) && !FILE_NAMING.test(metadata))) return cover;
  return { title: metadata ?? fileTitle(sources.fileName), coverKeys: cover?.coverKeys ?? new Set() };
}

/** The file name without its extension, or the placeholder when there is none. */
export function fileTitle(fileName: string | undefined): string {
  const base = (fileName ?? '')
    .replace(/^.*[\\/]/, '')
    .replace(/\.pdf$/i, '')
    .trim();
  return base || UNTITLED;
}

const COMMISSION_LINE =
  /^(united states|securities and exchange commission|united states securities and exchange commission|washington,? d\.? ?c\.?.*|form\s+\S+.*|\(mark one\))$/i;

/** An SEC filing's cover page: registrant, form and period make a title a person recognises. */
function filingTitle(sources: TitleSources): string | null {
  const elements = sources.firstPageElements;
  const text = elements.map((e) => e.text).join('\n');
  const form = /\bFORM\s+(10-K|10-Q|8-K|20-F|40-F|6-K|S-1)\b/i.exec(text)?.[1]?.toUpperCase();
  if (!form) return null;
  const marker = elements.findIndex((e) => /exact name of (the )?registrant/i.test(e.text));
  const own =
    marker < 0
      ? null
      : /^(.*?)\s*\(exact name of (the )?registrant/is.exec(elements[marker]?.text ?? '')?.[1]?.trim();
  // Without the "(Exact name of registrant …)" line, the registrant is the cover's largest line that does not
  // name the Commission, its address or the form.
  const registrant =
    marker < 0
      ? coverTitle({
          ...sources,
          firstPageElements: elements.filter((e) => !COMMISSION_LINE.test(e.text.trim())),
        })?.title
      : own || elements[marker - 1]?.text.trim();
  if (!registrant || !/\p{L}{2}/u.test(registrant) || registrant.split(/\s+/).length > 12) return null;
  const period = /(fiscal year|quarterly period|period) ended:?\s+(\p{L}+\s+\d{1,2},?\s+\d{4})/iu.exec(text);
  const when = period?.[2] ? `, ${period[1]?.toLowerCase()} ended ${period[2].replace(/\s+/g, ' ')}` : '';
  return clean(`${registrant} Form ${form}${when}`);
}

/** Two lines of one title block: the smaller set at least this fraction of the larger... */
const BLOCK_SIZE_RATIO = 0.6;
/** ...and no further apart than this many times the larger line's height. */
const BLOCK_GAP_RATIO = 1.2;
/** A metadata title "holds" the cover's title when it has this share of the cover title's words. */
const HOLDS_WORDS = 0.8;

interface Line {
  element: LayoutElement;
  text: string;
  size: number;
}

/** A line that could title the document: horizontal words, not an identifier such as an arXiv stamp. */
function titleLine(e: LayoutElement, items: TextItem[]): Line | null {
  if (e.kind !== 'heading' && e.kind !== 'paragraph' && e.kind !== 'caption') return null;
  const text = clean(e.text);
  const letters = (text.match(/\p{L}/gu) ?? []).length;
  const digits = (text.match(/\d/g) ?? []).length;
  if (text.split(/\s+/).length > MAX_TITLE_WORDS || letters < 4 || digits > letters) return null;
  if (/^arxiv:/i.test(text)) return null;
  const inside = items.filter((i) => i.text.trim() && centreInside(i.bbox, e.bbox));
  // Text set along the margin: its words are taller than they are wide.
  const width = inside.reduce((sum, i) => sum + i.bbox[2] - i.bbox[0], 0);
  const height = inside.reduce((sum, i) => sum + i.bbox[3] - i.bbox[1], 0);
  if (inside.length > 0 && height > width) return null;
  if (inside.some((i) => i.source === 'ocr' && !fitsOneLine(i.text, i.bbox[2] - i.bbox[0], i.fontSize)))
    return null;
  return { element: e, text, size: Math.max(0, ...inside.map((i) => i.fontSize)) };
}

/**
 * The cover's title block: the first page's line in the largest type, larger than the body, with the lines next
 * to it in reading order that are set nearly as large and close below or above ("WATCH D" / "USER GUIDE"). A
 * smaller line right under the block is its subtitle: not part of the title, and not a section either.
 */
function coverTitle(sources: TitleSources): TitleChoice | null {
  const all = sources.firstPageElements.map((e) => titleLine(e, sources.firstPageItems));
  const pictures = sources.firstPagePictures ?? [];
  const outside = all.map((l) => (l && pictures.some((p) => centreInside(l.element.bbox, p)) ? null : l));
  return titleBlock(sources, outside) ?? titleBlock(sources, all);
}

function titleBlock(sources: TitleSources, lines: Array<Line | null>): TitleChoice | null {
  // No body size to compare with (a first page read as a scan, no OCR yet): any line may title the document.
  const body = Number.isFinite(sources.bodyFontSize) ? sources.bodyFontSize : 0;
  const minSize = body * TITLE_FONT_RATIO;
  let anchor = -1;
  lines.forEach((l, i) => {
    if (l && l.size >= minSize && (anchor < 0 || l.size > (lines[anchor]?.size ?? 0) + 0.5)) anchor = i;
  });
  const top = lines[anchor];
  if (!top) return null;
  const joins = (i: number, toward: Line): boolean => {
    const l = lines[i];
    if (!l || l.size < Math.max(minSize, BLOCK_SIZE_RATIO * top.size)) return false;
    const gap = Math.max(
      l.element.bbox[1] - toward.element.bbox[3],
      toward.element.bbox[1] - l.element.bbox[3],
    );
    return gap <= BLOCK_GAP_RATIO * Math.max(l.size, toward.size);
  };
  let first = anchor;
  let last = anchor;
  while (first > 0 && joins(first - 1, lines[first]!)) first--;
  while (last < lines.length - 1 && joins(last + 1, lines[last]!)) last++;
  const block = lines.slice(first, last + 1).filter((l): l is Line => l !== null);
  const words = block.flatMap((l) => l.text.split(/\s+/));
  if (words.length > MAX_TITLE_WORDS)
    return { title: withoutCode(top.text), coverKeys: new Set([top.element.key]) };
  // A numbered heading ("1 Introduction", "Chapter 2 …") opens its section even when it also titles the document.
  const coverKeys = new Set(block.filter((l) => !NUMBERED_HEADING.test(l.text)).map((l) => l.element.key));
  const after = lines[last + 1];
  if (
    after &&
    after.size >= minSize &&
    after.size < Math.min(...block.map((l) => l.size)) &&
    !NUMBERED_HEADING.test(after.text)
  )
    coverKeys.add(after.element.key);
  return { title: withoutCode(dehyphenate(block.map((l) => l.text).join(' '))), coverKeys };
}

/** "AB- STRACTION" (a word broken at a line end) → "ABSTRACTION"; "Weak-to- Strong" keeps its compound hyphen. */
export function dehyphenate(text: string): string {
  return text
    .replace(/(^|[\s])([\p{L}]+)- (\p{L}+)/gu, (whole, lead: string, left: string, right: string) =>
      /^\p{Ll}/u.test(right) || left.length <= 3 ? `${lead}${left}${right}` : whole.replace('- ', '-'),
    )
    .replace(/(\p{L})- (\p{L})/gu, '$1-$2');
}

/** A trailing version or issue code in parentheses: "OnlineHelp（01,en）" → "OnlineHelp". */
function withoutCode(title: string): string {
  return title.replace(/\s*[（(][^()（）]*\d[^()（）]*[)）]\s*$/u, '').trim() || title;
}

function holdsWords(container: string, title: string): boolean {
  const words = (t: string) => t.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const have = new Set(words(container));
  const need = words(title);
  return need.length > 0 && need.filter((w) => have.has(w)).length >= HOLDS_WORDS * need.length;
}

function clean(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 200);
}
