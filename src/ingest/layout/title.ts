// The document title: the PDF's Title metadata when it reads like a title (not an id, a file code or an
// authoring tool's placeholder), else a filing's cover ("NETFLIX, INC. Form 10-K, fiscal year ended …"), else
// the largest heading of the first page, else the file name without its extension.
import type { LayoutElement, TextItem } from '../../document/document-model';
import { centreInside } from './layout.types';

export interface TitleSources {
  metadataTitle: string | null;
  /** The first page's text items (with font sizes) and elements. */
  firstPageItems: TextItem[];
  firstPageElements: LayoutElement[];
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

export function chooseTitle(sources: TitleSources): string {
  if (looksLikeTitle(sources.metadataTitle)) return clean(sources.metadataTitle ?? '');
  return filingTitle(sources.firstPageElements) ?? largestHeading(sources) ?? fileTitle(sources.fileName);
}

/** The file name without its extension, or the placeholder when there is none. */
export function fileTitle(fileName: string | undefined): string {
  const base = (fileName ?? '')
    .replace(/^.*[\\/]/, '')
    .replace(/\.pdf$/i, '')
    .trim();
  return base || UNTITLED;
}

/** An SEC filing's cover page: registrant, form and period make a title a person recognises. */
function filingTitle(elements: LayoutElement[]): string | null {
  const text = elements.map((e) => e.text).join('\n');
  const form = /\bFORM\s+(10-K|10-Q|8-K|20-F|40-F|6-K|S-1)\b/i.exec(text)?.[1]?.toUpperCase();
  if (!form) return null;
  const marker = elements.findIndex((e) => /exact name of (the )?registrant/i.test(e.text));
  if (marker < 0) return null;
  const own = /^(.*?)\s*\(exact name of (the )?registrant/is.exec(elements[marker]?.text ?? '')?.[1]?.trim();
  const registrant = own || elements[marker - 1]?.text.trim();
  if (!registrant || !/\p{L}{2}/u.test(registrant) || registrant.split(/\s+/).length > 12) return null;
  const period = /(fiscal year|quarterly period|period) ended:?\s+(\p{L}+\s+\d{1,2},?\s+\d{4})/iu.exec(text);
  const when = period?.[2] ? `, ${period[1]?.toLowerCase()} ended ${period[2].replace(/\s+/g, ' ')}` : '';
  return clean(`${registrant} Form ${form}${when}`);
}

/** The first page's heading (or title-like line) set in the largest type, when larger than the body text. */
function largestHeading(sources: TitleSources): string | null {
  let best: { text: string; size: number } | null = null;
  for (const e of sources.firstPageElements) {
    if (e.kind !== 'heading' && e.kind !== 'paragraph' && e.kind !== 'caption') continue;
    const text = clean(e.text);
    const words = text.split(/\s+/).length;
    if (words > MAX_TITLE_WORDS || (text.match(/\p{L}/gu) ?? []).length < 4) continue;
    const sizes = sources.firstPageItems.filter((i) => i.text.trim() && centreInside(i.bbox, e.bbox));
    const size = Math.max(0, ...sizes.map((i) => i.fontSize));
    if (size < sources.bodyFontSize * TITLE_FONT_RATIO) continue;
    if (!best || size > best.size + 0.5) best = { text, size };
  }
  return best?.text ?? null;
}

function clean(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 200);
}
