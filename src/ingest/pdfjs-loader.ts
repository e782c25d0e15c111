import { dirname, join, sep } from 'node:path';
import { importEsModule } from '../common/import-es-module';
import type * as Pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

export type PdfjsModule = typeof Pdfjs;
export type { PDFDocumentProxy, PDFPageProxy };

let pdfjsPromise: Promise<PdfjsModule> | undefined;

function pdfjsRoot(): string {
  return dirname(require.resolve('pdfjs-dist/package.json'));
}

/** V8's own push, taken when this module loads: before any pdf.js copy can replace it (see restoreNativePush). */
const nativePush = Array.prototype.push;

/** Loads the Node (legacy) build of pdfjs-dist (ESM-only) and its worker module once per process. */
export function loadPdfjs(): Promise<PdfjsModule> {
  const build = join(pdfjsRoot(), 'legacy', 'build');
  pdfjsPromise ??= (async () => {
    const pdfjs = await importEsModule<PdfjsModule>(join(build, 'pdf.mjs'));
    // The worker module sets globalThis.pdfjsWorker, which pdf.js then runs in this thread ("fake worker"):
    // loaded here, before the native push is put back, so that its core-js does not replace it again later.
    await importEsModule(join(build, 'pdf.worker.mjs'));
    restoreNativePush();
    return pdfjs;
  })().catch((error: unknown) => {
    pdfjsPromise = undefined;
    throw error;
  });
  return pdfjsPromise;
}

/**
 * pdf.js's legacy build installs core-js's Array.prototype.push polyfill process-wide, three times slower than V8's;
 * put the native one back (a built-in has no own `prototype`, the polyfill has). Cost: docs/measurements.md. */
function restoreNativePush(): void {
  if (Object.hasOwn(nativePush, 'prototype')) return; // replaced before this module loaded: nothing to restore
  Object.defineProperty(Array.prototype, 'push', { value: nativePush, writable: true, configurable: true });
}

/** getDocument options that let pdfjs find its fonts, CMaps and image-decoder wasm on disk in Node. */
export function pdfjsAssetOptions(): {
  standardFontDataUrl: string;
  cMapUrl: string;
  cMapPacked: boolean;
  wasmUrl: string;
  iccUrl: string;
} {
  const root = pdfjsRoot();
  return {
    standardFontDataUrl: join(root, 'standard_fonts') + sep,
    cMapUrl: join(root, 'cmaps') + sep,
    cMapPacked: true,
    wasmUrl: join(root, 'wasm') + sep,
    iccUrl: join(root, 'iccs') + sep,
  };
}

/** Opens a PDF from bytes; the caller owns the document and must `destroy()` it. */
export async function openPdfDocument(bytes: Uint8Array, password?: string): Promise<PDFDocumentProxy> {
  const pdfjs = await loadPdfjs();
  // pdfjs rejects Buffers and may detach what it is given, so hand it a private copy.
  const data = new Uint8Array(bytes.byteLength);
  data.set(bytes);
  return pdfjs.getDocument({
    data,
    ...pdfjsAssetOptions(),
    ...(password === undefined ? {} : { password }),
    isEvalSupported: false,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  }).promise;
}

/**
 * `doc.getPage(pageNumber)` that works while other documents are open. pdf.js 5.4 checks the page number against the
 * page count of the *last opened* document (the process-wide static `PagesMapper.#pagesNumber`), so call this, never
 * `doc.getPage` directly.
 */
export async function getPdfPage(doc: PDFDocumentProxy, pageNumber: number): Promise<PDFPageProxy> {
  const pdfjs = await loadPdfjs();
  // getPage reads the static synchronously, so setting it in the same tick is atomic: no lock, nothing serialised.
  pdfjs.PagesMapper.instance.pagesNumber = doc.numPages;
  return doc.getPage(pageNumber);
}

export function isPdfDocument(source: Uint8Array | PDFDocumentProxy): source is PDFDocumentProxy {
  return typeof (source as PDFDocumentProxy).getPage === 'function';
}

/**
 * Runs `work` with an open document: a document passed in stays open, one opened here from bytes is destroyed.
 */
export async function withPdfDocument<T>(
  source: Uint8Array | PDFDocumentProxy,
  work: (doc: PDFDocumentProxy) => Promise<T>,
): Promise<T> {
  if (isPdfDocument(source)) return work(source);
  const doc = await openPdfDocument(source);
  try {
    return await work(doc);
  } finally {
    await doc.destroy();
  }
}
