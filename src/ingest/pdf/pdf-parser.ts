// PDF → ParsedPdf: positioned text items, image regions, vector rules and the outline, page by page.
import type {
  BBox,
  ImageRegion,
  OutlineEntry,
  ParsedPage,
  ParsedPdf,
  TextItem,
} from '../../document/document-model';
import { applyToPoint, IDENTITY, type Matrix, multiply, transformRect } from './matrix';
import { PdfError } from './pdf.errors';
import { getPdfPage, loadPdfjs, pdfjsAssetOptions, type PdfjsModule } from '../pdfjs-loader';

export interface ParsePdfOptions {
  password?: string;
  maxPages?: number;
  /** Called after each page is parsed, with the 1-based page number and the page count. */
  onPage?: (pageNumber: number, pageCount: number) => void;
}

type PdfDocument = Awaited<ReturnType<PdfjsModule['getDocument']>['promise']>;
type PdfPage = Awaited<ReturnType<PdfDocument['getPage']>>;

/** Fewer non-space characters than this and the page counts as having no text layer. */
const MIN_TEXT_LAYER_CHARS = 3;
/** A page whose text is this short but is mostly covered by an image is treated as a scan. */
const SCAN_TEXT_CHARS = 40;
const SCAN_IMAGE_COVERAGE = 0.5;
/** Bound the vector shapes kept per page: map-like pages can paint tens of thousands of paths. */
const MAX_RULES_PER_PAGE = 4000;
const MAX_GRAPHICS_PER_PAGE = 4000;
// Font-name conventions, including TeX's Computer Modern / EC names (CMBX12, SFBX1000, CMTI10).
const BOLD_FONT_NAME =
  /bold|black|heavy|semibold|demi|extrab|-medi$|[-,]bd$|[-,]b$|^(cmbx|cmb\d|cmssbx|sfbx|sfb\d|ecbx|lmroman.*bold)/i;
const ITALIC_FONT_NAME = /italic|oblique|[-,]it$|^(cmti|cmsl|cmbxti|sfti|sfsl|ecti)/i;

export async function parsePdf(bytes: Uint8Array, opts: ParsePdfOptions = {}): Promise<ParsedPdf> {
  assertPdfHeader(bytes);
  const pdfjs = await loadPdfjs();
  const doc = await openDocument(pdfjs, bytes, opts.password);
  try {
    const pageCount = doc.numPages;
    if (pageCount < 1) throw PdfError.noPages();
    if (opts.maxPages !== undefined && pageCount > opts.maxPages)
      throw PdfError.tooManyPages(pageCount, opts.maxPages);

    const title = await readTitle(doc);
    const rawOutline = await readOutline(doc);
    const pages: ParsedPage[] = [];
    const viewportTransforms: Matrix[] = [];
    for (let pageNumber = 1; pageNumber <= pageCount; pageNumber++) {
      const page = await getPdfPage(doc, pageNumber);
      try {
        const { parsed, viewportTransform } = await parsePage(pdfjs, page, pageNumber);
        pages.push(parsed);
        viewportTransforms.push(viewportTransform);
      } catch (error) {
        throw PdfError.corrupt(`page ${pageNumber}: ${errorMessage(error)}`, error);
      } finally {
        page.cleanup();
      }
      opts.onPage?.(pageNumber, pageCount);
    }
    return { pageCount, title, pages, outline: finishOutline(rawOutline, viewportTransforms) };
  } finally {
    await doc.destroy();
  }
}

/**
 * Opens the PDF without reading its pages: throws what parsePdf would for a wrong or missing password (or bytes
 * that are no PDF). For bytes already stored, so their reuse asks for the password a parse would.
 */
export async function checkPdfOpens(bytes: Uint8Array, password?: string): Promise<void> {
  assertPdfHeader(bytes);
  const doc = await openDocument(await loadPdfjs(), bytes, password);
  await doc.destroy();
}

/** NOT_A_PDF unless the bytes start like a PDF: cheap enough to judge a request before any job exists. */
export function assertPdfHeader(bytes: Uint8Array): void {
  // Readers tolerate a little junk before the header (Acrobat: within the first 1024 bytes); so do we.
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  if (!head.includes('%PDF-')) throw PdfError.notAPdf(head.slice(0, 8));
}

async function openDocument(
  pdfjs: PdfjsModule,
  bytes: Uint8Array,
  password: string | undefined,
): Promise<PdfDocument> {
  const task = pdfjs.getDocument({
    ...pdfjsAssetOptions(),
    // A private copy: pdfjs transfers (detaches) the buffer it is given.
    data: new Uint8Array(bytes),
    password,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });
  try {
    return await task.promise;
  } catch (error) {
    await task.destroy().catch(() => undefined);
    const name = (error as { name?: string }).name;
    if (name === 'PasswordException') {
      const code = (error as { code?: number }).code;
      if (code === pdfjs.PasswordResponses.INCORRECT_PASSWORD) throw PdfError.wrongPassword(error);
      throw PdfError.passwordRequired(error);
    }
    throw PdfError.corrupt(errorMessage(error), error);
  }
}

async function readTitle(doc: PdfDocument): Promise<string | null> {
  try {
    const { info } = await doc.getMetadata();
    const title = (info as { Title?: unknown } | undefined)?.Title;
    return typeof title === 'string' && title.trim() ? title.trim() : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Outline

interface RawOutlineEntry {
  title: string;
  pageIndex: number | null;
  /** The destination's top in PDF user space (bottom-left origin), not yet converted. */
  userTop: number | null;
  children: RawOutlineEntry[];
}

interface PdfjsOutlineNode {
  title: string;
  dest: string | unknown[] | null;
  items: PdfjsOutlineNode[];
}

async function readOutline(doc: PdfDocument): Promise<RawOutlineEntry[]> {
  let nodes: PdfjsOutlineNode[] | null;
  try {
    nodes = await doc.getOutline();
  } catch {
    return []; // A broken outline should not sink the whole document.
  }
  if (!nodes) return [];
  const walk = async (list: PdfjsOutlineNode[], depth: number): Promise<RawOutlineEntry[]> => {
    const out: RawOutlineEntry[] = [];
    for (const node of list) {
      const { pageIndex, userTop } = await resolveDestination(doc, node.dest);
      const children = depth < 12 && node.items.length ? await walk(node.items, depth + 1) : [];
      out.push({ title: cleanTitle(node.title), pageIndex, userTop, children });
    }
    return out;
  };
  return walk(nodes, 0);
}

function cleanTitle(title: string): string {
  return title
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

async function resolveDestination(
  doc: PdfDocument,
  dest: string | unknown[] | null,
): Promise<{ pageIndex: number | null; userTop: number | null }> {
  try {
    const explicit = typeof dest === 'string' ? await doc.getDestination(dest) : dest;
    if (!Array.isArray(explicit) || explicit.length === 0) return { pageIndex: null, userTop: null };
    const [target, fit] = explicit as [unknown, { name?: string } | undefined, ...unknown[]];
    let pageIndex: number | null = null;
    if (typeof target === 'number' && Number.isInteger(target)) pageIndex = target;
    else if (target && typeof target === 'object')
      pageIndex = await doc.getPageIndex(target as { num: number; gen: number });
    return { pageIndex, userTop: destinationTop(fit?.name, explicit) };
  } catch {
    return { pageIndex: null, userTop: null };
  }
}

function destinationTop(fitName: string | undefined, dest: unknown[]): number | null {
  const numberAt = (i: number): number | null => {
    const value = dest[i];
    return typeof value === 'number' && Number.isFinite(value) ? value : null;
  };
  switch (fitName) {
    case 'XYZ':
      return numberAt(3);
    case 'FitH':
    case 'FitBH':
      return numberAt(2);
    case 'FitR':
      return numberAt(5);
    default:
      return null;
  }
}

function finishOutline(raw: RawOutlineEntry[], viewportTransforms: Matrix[]): OutlineEntry[] {
  return raw.map((entry) => {
    const viewport = entry.pageIndex === null ? undefined : viewportTransforms[entry.pageIndex];
    const pageNumber = viewport && entry.pageIndex !== null ? entry.pageIndex + 1 : null;
    let top: number | null = null;
    if (viewport && entry.userTop !== null) top = Math.max(0, applyToPoint(viewport, 0, entry.userTop)[1]);
    return {
      title: entry.title,
      pageNumber,
      top,
      children: finishOutline(entry.children, viewportTransforms),
    };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Pages

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

async function parsePage(
  pdfjs: PdfjsModule,
  page: PdfPage,
  pageNumber: number,
): Promise<{ parsed: ParsedPage; viewportTransform: Matrix }> {
  const viewport = page.getViewport({ scale: 1 });
  const viewportTransform = viewport.transform as Matrix;
  // The operator list is fetched first so that the page's fonts are loaded into commonObjs for bold/italic.
  const operatorList = await page.getOperatorList({ annotationMode: pdfjs.AnnotationMode.DISABLE });
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

  const { images, rules, graphics } = scanOperators(
    pdfjs,
    operatorList,
    viewportTransform,
    viewport.width,
    viewport.height,
  );
  const parsed: ParsedPage = {
    number: pageNumber,
    width: viewport.width,
    height: viewport.height,
    items,
    images,
    rules,
    graphics,
    hasTextLayer: hasUsableTextLayer(items, images, viewport.width * viewport.height),
  };
  return { parsed, viewportTransform };
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
  const ascent = clamp(style.ascent ?? 0.8, 0.5, 1.1);
  const descent = clamp(style.descent ?? -0.2, -0.5, 0);
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
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const [x, y] of corners) {
    const [px, py] = applyToPoint(viewportTransform, x, y);
    x0 = Math.min(x0, px);
    y0 = Math.min(y0, py);
    x1 = Math.max(x1, px);
    y1 = Math.max(y1, py);
  }
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

function hasUsableTextLayer(items: TextItem[], images: ImageRegion[], pageArea: number): boolean {
  let chars = 0;
  for (const item of items) chars += item.text.replace(/\s+/g, '').length;
  if (chars < MIN_TEXT_LAYER_CHARS) return false;
  if (chars >= SCAN_TEXT_CHARS || pageArea <= 0) return true;
  const imageArea = images.reduce((sum, { bbox }) => sum + (bbox[2] - bbox[0]) * (bbox[3] - bbox[1]), 0);
  return imageArea / pageArea < SCAN_IMAGE_COVERAGE;
}

// ---------------------------------------------------------------------------------------------------------------
// Operator list: images and vector shapes with the current transformation matrix

interface OperatorList {
  fnArray: number[];
  argsArray: unknown[];
}

interface ImageArgs {
  width?: number;
  height?: number;
  transform?: number[];
}

function scanOperators(
  pdfjs: PdfjsModule,
  operatorList: OperatorList,
  viewportTransform: Matrix,
  pageWidth: number,
  pageHeight: number,
): { images: ImageRegion[]; rules: BBox[]; graphics: BBox[] } {
  const OPS = pdfjs.OPS;
  const images: ImageRegion[] = [];
  const rules: BBox[] = [];
  const graphics: BBox[] = [];
  const stack: Matrix[] = [];
  let ctm: Matrix = IDENTITY;
  const pageArea = pageWidth * pageHeight;

  const toPage = (m: Matrix, x0: number, y0: number, x1: number, y1: number): BBox =>
    transformRect(multiply(m, viewportTransform), x0, y0, x1, y1);
  const addImage = (m: Matrix, pixelWidth?: number, pixelHeight?: number): void => {
    const bbox = clipToPage(toPage(m, 0, 0, 1, 1), pageWidth, pageHeight);
    if (!bbox) return;
    const region: ImageRegion = { bbox: roundBox(bbox) };
    if (pixelWidth) region.pixelWidth = pixelWidth;
    if (pixelHeight) region.pixelHeight = pixelHeight;
    images.push(region);
  };

  const { fnArray, argsArray } = operatorList;
  for (let i = 0; i < fnArray.length; i++) {
    const fn = fnArray[i];
    const args = argsArray[i] as unknown[] | null;
    switch (fn) {
      case OPS.save:
        stack.push(ctm);
        break;
      case OPS.restore:
        ctm = stack.pop() ?? IDENTITY;
        break;
      case OPS.transform:
        ctm = multiply(args as number[], ctm);
        break;
      case OPS.paintFormXObjectBegin: {
        stack.push(ctm);
        const matrix = args?.[0];
        if (Array.isArray(matrix) || ArrayBuffer.isView(matrix))
          ctm = multiply(Array.from(matrix as ArrayLike<number>), ctm);
        break;
      }
      case OPS.paintFormXObjectEnd:
        ctm = stack.pop() ?? IDENTITY;
        break;
      case OPS.paintImageXObject:
        addImage(ctm, args?.[1] as number | undefined, args?.[2] as number | undefined);
        break;
      case OPS.paintInlineImageXObject:
      case OPS.paintImageMaskXObject: {
        const image = args?.[0] as ImageArgs | undefined;
        addImage(ctm, image?.width, image?.height);
        break;
      }
      case OPS.paintImageXObjectRepeat: {
        const [, scaleX, scaleY, positions] = (args ?? []) as [unknown, number, number, ArrayLike<number>];
        for (let k = 0; k + 1 < (positions?.length ?? 0); k += 2) {
          addImage(multiply([scaleX, 0, 0, scaleY, positions[k] ?? 0, positions[k + 1] ?? 0], ctm));
        }
        break;
      }
      case OPS.paintImageMaskXObjectGroup: {
        const group = (args?.[0] ?? []) as ImageArgs[];
        for (const image of group)
          if (image.transform) addImage(multiply(image.transform, ctm), image.width, image.height);
        break;
      }
      case OPS.constructPath:
        if (rules.length < MAX_RULES_PER_PAGE || graphics.length < MAX_GRAPHICS_PER_PAGE) {
          collectPathShapes(pdfjs, args, ctm, viewportTransform, pageArea, rules, graphics);
        }
        break;
      default:
        break;
    }
  }
  return {
    images,
    rules: rules.slice(0, MAX_RULES_PER_PAGE),
    graphics: graphics.slice(0, MAX_GRAPHICS_PER_PAGE),
  };
}

/** Splits a painted path into sub-paths; axis-aligned lines and rectangles become rules, the rest graphics. */
function collectPathShapes(
  pdfjs: PdfjsModule,
  args: unknown[] | null,
  ctm: Matrix,
  viewportTransform: Matrix,
  pageArea: number,
  rules: BBox[],
  graphics: BBox[],
): void {
  if (!args) return;
  const [paintOp, data] = args as [number, unknown[] | undefined];
  // endPath paints nothing (a clipping path).
  if (paintOp === pdfjs.OPS.endPath) return;
  const buffer = data?.[0] as ArrayLike<number> | null | undefined;
  if (!buffer || typeof buffer.length !== 'number') return;
  const DrawOPS = { moveTo: 0, lineTo: 1, curveTo: 2, quadraticCurveTo: 3, closePath: 4 } as const;
  const m = multiply(ctm, viewportTransform);
  let points: Array<[number, number]> = [];
  let curved = false;
  const flush = (): void => {
    if (points.length >= 2) {
      let x0 = Infinity;
      let y0 = Infinity;
      let x1 = -Infinity;
      let y1 = -Infinity;
      let axisAligned = !curved;
      for (let k = 0; k < points.length; k++) {
        const [x, y] = points[k] ?? [0, 0];
        x0 = Math.min(x0, x);
        y0 = Math.min(y0, y);
        x1 = Math.max(x1, x);
        y1 = Math.max(y1, y);
        const prev = points[k - 1];
        if (prev && Math.abs(prev[0] - x) > 0.5 && Math.abs(prev[1] - y) > 0.5) axisAligned = false;
      }
      const box = roundBox([x0, y0, x1, y1]);
      const area = (x1 - x0) * (y1 - y0);
      // Page-sized rectangles are backgrounds or frames, not table rules.
      if (area < pageArea * 0.9) (axisAligned && points.length <= 5 ? rules : graphics).push(box);
    }
    points = [];
    curved = false;
  };
  for (let i = 0; i < buffer.length;) {
    const op = buffer[i++];
    switch (op) {
      case DrawOPS.moveTo:
        flush();
        points.push(applyToPoint(m, buffer[i] ?? 0, buffer[i + 1] ?? 0));
        i += 2;
        break;
      case DrawOPS.lineTo:
        points.push(applyToPoint(m, buffer[i] ?? 0, buffer[i + 1] ?? 0));
        i += 2;
        break;
      case DrawOPS.curveTo:
        curved = true;
        points.push(applyToPoint(m, buffer[i + 4] ?? 0, buffer[i + 5] ?? 0));
        i += 6;
        break;
      case DrawOPS.quadraticCurveTo:
        curved = true;
        points.push(applyToPoint(m, buffer[i + 2] ?? 0, buffer[i + 3] ?? 0));
        i += 4;
        break;
      case DrawOPS.closePath:
        break;
      default:
        i = buffer.length; // Unknown opcode: stop rather than misread coordinates.
        break;
    }
  }
  flush();
}

function clipToPage(bbox: BBox, width: number, height: number): BBox | null {
  const x0 = Math.max(0, bbox[0]);
  const y0 = Math.max(0, bbox[1]);
  const x1 = Math.min(width, bbox[2]);
  const y1 = Math.min(height, bbox[3]);
  return x1 - x0 > 0.5 && y1 - y0 > 0.5 ? [x0, y0, x1, y1] : null;
}

function roundBox(b: BBox): BBox {
  return [round2(b[0]), round2(b[1]), round2(b[2]), round2(b[3])];
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

function clamp(n: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, n));
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
