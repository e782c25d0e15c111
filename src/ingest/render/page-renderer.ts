import type { Canvas, SKRSContext2D } from '@napi-rs/canvas';
import { getPdfPage, type PDFDocumentProxy, withPdfDocument } from '../pdfjs-loader';

export interface RenderOptions {
  /** Pixels per PDF point. Takes precedence over `dpi`. */
  scale?: number;
  /** Dots per inch (72 = one pixel per point). Used when `scale` is absent; default 144. */
  dpi?: number;
  /** Upper bound on width × height; the scale is reduced to fit. Default 16 megapixels. */
  maxPixels?: number;
  /** Boxes (PDF points, origin top-left) drawn over the page: the elements a citation points at. */
  highlight?: ReadonlyArray<readonly [number, number, number, number]>;
}

export interface RenderedPage {
  png: Buffer;
  width: number;
  height: number;
  /** Pixels per PDF point actually used (after the maxPixels cap). */
  scale: number;
}

export interface RenderedPixels {
  /** RGBA, row-major, 4 bytes per pixel. */
  rgba: Uint8ClampedArray;
  width: number;
  height: number;
  scale: number;
}

const DEFAULT_DPI = 144;
const DEFAULT_MAX_PIXELS = 16_000_000;

interface CanvasAndContext {
  canvas: Canvas;
  context: SKRSContext2D;
}

/** pdfjs' NodeCanvasFactory (backed by @napi-rs/canvas); its typings say `Object`. */
interface NodeCanvasFactory {
  create(width: number, height: number): CanvasAndContext;
  destroy(canvasAndContext: CanvasAndContext): void;
}

export function resolveRenderScale(
  pageWidthPt: number,
  pageHeightPt: number,
  options: RenderOptions = {},
): number {
  const requested = options.scale ?? (options.dpi ?? DEFAULT_DPI) / 72;
  if (!(requested > 0)) throw new RangeError(`render scale must be positive, got ${requested}`);
  const maxPixels = options.maxPixels ?? DEFAULT_MAX_PIXELS;
  const pixelsAtRequested = pageWidthPt * requested * (pageHeightPt * requested);
  return pixelsAtRequested > maxPixels ? Math.sqrt(maxPixels / (pageWidthPt * pageHeightPt)) : requested;
}

async function renderWith<T>(
  source: Uint8Array | PDFDocumentProxy,
  pageNumber: number,
  options: RenderOptions,
  read: (target: CanvasAndContext, width: number, height: number, scale: number) => Promise<T> | T,
): Promise<T> {
  return withPdfDocument(source, async (doc) => {
    if (!Number.isInteger(pageNumber) || pageNumber < 1 || pageNumber > doc.numPages) {
      throw new RangeError(`page ${pageNumber} is outside 1..${doc.numPages}`);
    }
    const page = await getPdfPage(doc, pageNumber);
    const factory = doc.canvasFactory as NodeCanvasFactory;
    let target: CanvasAndContext | undefined;
    try {
      const unscaled = page.getViewport({ scale: 1 });
      const scale = resolveRenderScale(unscaled.width, unscaled.height, options);
      const viewport = page.getViewport({ scale });
      const width = Math.max(1, Math.round(viewport.width));
      const height = Math.max(1, Math.round(viewport.height));
      target = factory.create(width, height);
      await page.render({ canvas: target.canvas as never, canvasContext: target.context as never, viewport })
        .promise;
      return await read(target, width, height, scale);
    } finally {
      if (target) factory.destroy(target);
      page.cleanup();
    }
  });
}

/** Renders one page (1-based) to PNG, e.g. to show a vision model. */
export function renderPdfPage(
  source: Uint8Array | PDFDocumentProxy,
  pageNumber: number,
  options: RenderOptions = {},
): Promise<RenderedPage> {
  return renderWith(source, pageNumber, options, async ({ canvas, context }, width, height, scale) => {
    if (options.highlight?.length) drawHighlights(context, options.highlight, scale);
    return { png: await canvas.encode('png'), width, height, scale };
  });
}

/** A translucent fill and a solid outline, so the cited region stands out and stays readable. */
function drawHighlights(
  context: SKRSContext2D,
  boxes: NonNullable<RenderOptions['highlight']>,
  scale: number,
): void {
  context.save();
  context.lineWidth = Math.max(2, 1.5 * scale);
  context.strokeStyle = 'rgb(230, 81, 0)';
  context.fillStyle = 'rgba(255, 152, 0, 0.18)';
  for (const [x0, y0, x1, y1] of boxes) {
    const pad = 2 * scale;
    const rect = [
      x0 * scale - pad,
      y0 * scale - pad,
      (x1 - x0) * scale + 2 * pad,
      (y1 - y0) * scale + 2 * pad,
    ] as const;
    context.fillRect(...rect);
    context.strokeRect(...rect);
  }
  context.restore();
}

/** Renders one page (1-based) to raw RGBA pixels, skipping the PNG round trip (for OCR). */
export function renderPdfPagePixels(
  source: Uint8Array | PDFDocumentProxy,
  pageNumber: number,
  options: RenderOptions = {},
): Promise<RenderedPixels> {
  return renderWith(source, pageNumber, options, ({ context }, width, height, scale) => ({
    rgba: context.getImageData(0, 0, width, height).data,
    width,
    height,
    scale,
  }));
}
