// pdf.js text content → positioned TextItems with font size, bold and italic; and whether a page's text layer is usable.
import type { ImageRegion, TextItem } from '../../document/document-model';
import type { PDFPageProxy } from '../pdfjs-loader';
import { applyToPoint, boundsOf, type Matrix, round2 } from './matrix';

/** Fewer non-space characters than this and the page counts as having no text layer. */
const MIN_TEXT_LAYER_CHARS = 3;
/** A page whose text is this short but is mostly covered by an image is treated as a scan. */
const SCAN_TEXT_CHARS = 40;
const SCAN_IMAGE_COVERAGE = 0.5;
// Font-name conventions, including TeX's Computer Modern / EC names (CMBX12, SFBX1000, CMTI10).
const BOLD_FONT_NAME =
  /bold|black|heavy|semibold|demi|extrab|-medi$|[-,]bd$|[-,]b$|^(cmbx|cmb\d|cmssbx|sfbx|sfb\d|ecbx|lmroman.*bold)/i;
const ITALIC_FONT_NAME = /italic|oblique|[-,]it$|^(cmti|cmsl|cmbxti|sfti|sfsl|ecti)/i;

interface PdfjsTextItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
  fontName: string;
}

interface PdfjsFontStyle {
  ascent?: number;
  descent?: number;
}

interface PdfjsFont {
  name?: string;
  bold?: boolean;
  italic?: boolean;
  black?: boolean;
}

/** The page's text items in page space; call after getOperatorList, which loads the fonts bold/italic come from. */
export async function readTextItems(page: PDFPageProxy, viewportTransform: Matrix): Promise<TextItem[]> {
  const content = await page.getTextContent();
  const styles = content.styles as Record<string, PdfjsFontStyle>;
  const fonts = new Map<string, PdfjsFont | null>();
  const fontOf = (loadedName: string): PdfjsFont | null => {
    if (!fonts.has(loadedName)) {
      let font: PdfjsFont | null = null;
      try {
        if (page.commonObjs.has(loadedName)) font = page.commonObjs.get(loadedName) as PdfjsFont;
      } catch {
        font = null;
      }
      fonts.set(loadedName, font);
    }
    return fonts.get(loadedName) ?? null;
  };

  const items: TextItem[] = [];
  for (const raw of content.items) {
    if (!('str' in raw)) continue;
    const item = toTextItem(raw, viewportTransform, styles, fontOf);
    if (item) items.push(item);
  }
  return items;
}

function toTextItem(
  raw: PdfjsTextItem,
  viewportTransform: Matrix,
  styles: Record<string, PdfjsFontStyle>,
  fontOf: (loadedName: string) => PdfjsFont | null,
): TextItem | null {
  const text = raw.str;
  if (!text || !text.trim()) return null;
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = raw.transform;
  const fontSize = Math.hypot(c, d) || raw.height || Math.hypot(a, b);
  if (!Number.isFinite(fontSize) || fontSize <= 0) return null;
  const style = styles[raw.fontName] ?? {};
  // pdfjs reports NaN metrics for some standard fonts: a NaN box would reach the graph (and read as 0 from JSON).
  const ascent = clamp(finiteOr(style.ascent, 0.8), 0.5, 1.1);
  const descent = clamp(finiteOr(style.descent, -0.2), -0.5, 0);
  // The glyph box in user space: along the text direction (a, b) for `width`, up along (c, d) for the height.
  const dirLen = Math.hypot(a, b) || 1;
  const ux = (a / dirLen) * raw.width;
  const uy = (b / dirLen) * raw.width;
  const upLen = Math.hypot(c, d) || 1;
  const vx = (c / upLen) * fontSize;
  const vy = (d / upLen) * fontSize;
  const corners: Array<[number, number]> = [
    [e + descent * vx, f + descent * vy],
    [e + ux + descent * vx, f + uy + descent * vy],
    [e + ascent * vx, f + ascent * vy],
    [e + ux + ascent * vx, f + uy + ascent * vy],
  ];
  const [x0, y0, x1, y1] = boundsOf(corners.map(([x, y]) => applyToPoint(viewportTransform, x, y)));
  const font = fontOf(raw.fontName);
  const fontName = font?.name ?? raw.fontName;
  const baseName = fontName.replace(/^[A-Z]{6}\+/, '');
  const bold = Boolean(font?.bold || font?.black) || BOLD_FONT_NAME.test(baseName);
  const italic = Boolean(font?.italic) || ITALIC_FONT_NAME.test(baseName);
  return {
    text: text.normalize('NFC'),
    bbox: [round2(x0), round2(y0), round2(x1), round2(y1)],
    fontName,
    fontSize: round2(fontSize),
    bold,
    italic,
    source: 'text-layer',
    confidence: 1,
  };
}

/** False for pages with next to no text, or little text over a page-covering image: those are scans for OCR. */
export function hasUsableTextLayer(items: TextItem[], images: ImageRegion[], pageArea: number): boolean {
  let chars = 0;
  for (const item of items) chars += item.text.replace(/\s+/g, '').length;
  if (chars < MIN_TEXT_LAYER_CHARS) return false;
  if (chars >= SCAN_TEXT_CHARS || pageArea <= 0) return true;
  const imageArea = images.reduce((sum, { bbox }) => sum + (bbox[2] - bbox[0]) * (bbox[3] - bbox[1]), 0);
  return imageArea / pageArea < SCAN_IMAGE_COVERAGE;
}

function finiteOr(n: number | undefined, fallback: number): number {
  return n !== undefined && Number.isFinite(n) ? n : fallback;
}

function clamp(n: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, n));
}
