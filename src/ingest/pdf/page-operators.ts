// The page's operator list → image regions and vector shapes (rules, graphics) under the current transformation matrix.
import type { BBox, ImageRegion } from '../../document/document-model';
import type { PdfjsModule } from '../pdfjs-loader';
import { applyToPoint, boundsOf, IDENTITY, type Matrix, multiply, roundBox, transformRect } from './matrix';

/** Bound the vector shapes kept per page: map-like pages can paint tens of thousands of paths. */
const MAX_RULES_PER_PAGE = 4000;
const MAX_GRAPHICS_PER_PAGE = 4000;

interface OperatorList {
  fnArray: number[];
  argsArray: unknown[];
}

interface ImageArgs {
  width?: number;
  height?: number;
  transform?: number[];
}

/** The current fill and stroke colours, as pdf.js gives them ("#rrggbb"); null when not an RGB colour. */
interface Paint {
  fill: string | null;
  stroke: string | null;
}
const BLACK = '#000000';

const colourOf = (args: unknown[] | null): string | null =>
  typeof args?.[0] === 'string' ? args[0].toLowerCase() : null;

/** White, or nearly: a rule in it is a gap between fills or invisible on the page, not a drawn line. */
const isWhite = (colour: string | null): boolean =>
  colour !== null &&
  /^#[0-9a-f]{6}$/.test(colour) &&
  [1, 3, 5].every((k) => parseInt(colour.slice(k, k + 2), 16) >= 0xf0);

/** The paint operators that fill and that stroke a path (fillStroke and its kin do both). */
function paintOperators(pdfjs: PdfjsModule): { fills: Set<number>; strokes: Set<number> } {
  const O = pdfjs.OPS;
  const both = [O.fillStroke, O.eoFillStroke, O.closeFillStroke, O.closeEOFillStroke];
  return {
    fills: new Set([O.fill, O.eoFill, ...both]),
    strokes: new Set([O.stroke, O.closeStroke, ...both]),
  };
}

export function scanOperators(
  pdfjs: PdfjsModule,
  operatorList: OperatorList,
  viewportTransform: Matrix,
  pageWidth: number,
  pageHeight: number,
): { images: ImageRegion[]; rules: BBox[]; inkRules: BBox[]; graphics: BBox[] } {
  const OPS = pdfjs.OPS;
  const images: ImageRegion[] = [];
  const rules: BBox[] = [];
  const inkRules: BBox[] = [];
  const graphics: BBox[] = [];
  const stack: Array<{ ctm: Matrix; paint: Paint }> = [];
  let ctm: Matrix = IDENTITY;
  let paint: Paint = { fill: BLACK, stroke: BLACK };
  const { fills, strokes } = paintOperators(pdfjs);
  // a path is ink when painted in a visible colour: filled in a non-white fill, or stroked in a non-white stroke
  const inks = (paintOp: number | undefined): boolean =>
    (fills.has(paintOp!) && !isWhite(paint.fill)) || (strokes.has(paintOp!) && !isWhite(paint.stroke));
  const restore = (): void => {
    const saved = stack.pop();
    ctm = saved?.ctm ?? IDENTITY;
    paint = saved?.paint ?? { fill: BLACK, stroke: BLACK };
  };
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
        stack.push({ ctm, paint });
        break;
      case OPS.restore:
        restore();
        break;
      case OPS.setFillRGBColor:
        paint = { ...paint, fill: colourOf(args) };
        break;
      case OPS.setStrokeRGBColor:
        paint = { ...paint, stroke: colourOf(args) };
        break;
      case OPS.transform:
        ctm = multiply(args as number[], ctm);
        break;
      case OPS.paintFormXObjectBegin: {
        stack.push({ ctm, paint });
        const matrix = args?.[0];
        if (Array.isArray(matrix) || ArrayBuffer.isView(matrix))
          ctm = multiply(Array.from(matrix as ArrayLike<number>), ctm);
        break;
      }
      case OPS.paintFormXObjectEnd:
        restore();
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
          const before = rules.length;
          collectPathShapes(pdfjs, args, ctm, viewportTransform, pageArea, rules, graphics);
          if (inks((args as [number] | null)?.[0])) inkRules.push(...rules.slice(before));
        }
        break;
      default:
        break;
    }
  }
  return {
    images,
    rules: rules.slice(0, MAX_RULES_PER_PAGE),
    inkRules: inkRules.slice(0, MAX_RULES_PER_PAGE),
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
      const [x0, y0, x1, y1] = boundsOf(points);
      // a segment along which both coordinates move makes the path a drawing, not a rule
      const diagonal = points.some((p, k) => {
        const prev = points[k - 1];
        return prev !== undefined && Math.abs(prev[0] - p[0]) > 0.5 && Math.abs(prev[1] - p[1]) > 0.5;
      });
      const axisAligned = !curved && !diagonal;
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
