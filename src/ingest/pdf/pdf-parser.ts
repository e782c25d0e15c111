// PDF → ParsedPdf: positioned text items, image regions, vector rules and the outline, page by page.
import type { OutlineEntry, ParsedPage, ParsedPdf } from '../../document/document-model';
import { applyToPoint, type Matrix } from './matrix';
import { scanOperators } from './page-operators';
import { hasUsableTextLayer, readTextItems } from './text-layer';
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

async function parsePage(
  pdfjs: PdfjsModule,
  page: PdfPage,
  pageNumber: number,
): Promise<{ parsed: ParsedPage; viewportTransform: Matrix }> {
  const viewport = page.getViewport({ scale: 1 });
  const viewportTransform = viewport.transform as Matrix;
  // The operator list is fetched first so that the page's fonts are loaded into commonObjs for bold/italic.
  const operatorList = await page.getOperatorList({ annotationMode: pdfjs.AnnotationMode.DISABLE });
  const items = await readTextItems(page, viewportTransform);

  const { images, rules, inkRules, graphics } = scanOperators(
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
    inkRules,
    graphics,
    hasTextLayer: hasUsableTextLayer(items, images, viewport.width * viewport.height),
  };
  return { parsed, viewportTransform };
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
