// Figures inside a scanned page: regions of the rendered scan that carry ink but no recognised text (photos,
// charts, diagrams, logos). The scan itself is the page's background, so the PDF's images say nothing here.

/** Pixel box [x0, y0, x1, y1] in the rendered scan. */
export type PixelBox = [number, number, number, number];

export interface ScanPixels {
  data: Uint8Array | Uint8ClampedArray;
  width: number;
  height: number;
}

/** The scan is analysed on a grid of cells this many px wide (≈ 3–4 pt at the OCR scale). */
const CELL_PX = 8;
/** A pixel counts as ink when its colour is this far (max channel difference) from the page background. */
export const INK_DISTANCE = 48;
/** A cell is inked when this share of its pixels is ink. */
const CELL_INK_SHARE = 0.12;
/** Text boxes are grown by this share of their height before their ink is discounted (descenders, halos). */
const TEXT_MARGIN = 0.25;
/** A figure is at least this share of the page's shorter side on each side and this share of its area. */
const MIN_SIDE_SHARE = 0.08;
const MIN_AREA_SHARE = 0.012;
/** A region covering this much of the page is a backdrop (a photo behind the slide text), not a figure. */
const MAX_AREA_SHARE = 0.8;
/** Regions whose inked cells fill less of their box than this are thin strokes (rules, frames, underlines). */
const MIN_FILL = 0.18;
/** A solid panel of one colour (a title bar, a coloured box behind text) is decoration, not a figure. */
const PANEL_DOMINANT_SHARE = 0.85;
const PANEL_FILL = 0.85;

/**
 * Finds figure regions in a rendered scan: cells that differ from the page background, minus the recognised
 * text lines, joined into connected regions; regions too small, too thin, page-sized or of one flat colour are
 * dropped.
 */
export function findScanFigures(image: ScanPixels, textBoxes: PixelBox[]): PixelBox[] {
  const { width, height } = image;
  const cols = Math.ceil(width / CELL_PX);
  const rows = Math.ceil(height / CELL_PX);
  if (cols < 4 || rows < 4) return [];
  const background = backgroundColour(image);
  const inkShare = cellInkShares(image, background, cols, rows);

  const textCells = new Uint8Array(cols * rows);
  for (const [x0, y0, x1, y1] of textBoxes) {
    const margin = (y1 - y0) * TEXT_MARGIN;
    const c0 = Math.max(0, Math.floor((x0 - margin) / CELL_PX));
    const c1 = Math.min(cols - 1, Math.floor((x1 + margin) / CELL_PX));
    const r0 = Math.max(0, Math.floor((y0 - margin) / CELL_PX));
    const r1 = Math.min(rows - 1, Math.floor((y1 + margin) / CELL_PX));
    for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) textCells[r * cols + c] = 1;
  }
  const inked = new Uint8Array(cols * rows);
  for (let i = 0; i < inked.length; i++)
    inked[i] = (inkShare[i] ?? 0) >= CELL_INK_SHARE && !textCells[i] ? 1 : 0;

  const shorter = Math.min(width, height);
  const out: PixelBox[] = [];
  for (const region of connectedRegions(inked, cols, rows)) {
    const box: PixelBox = [
      region.c0 * CELL_PX,
      region.r0 * CELL_PX,
      Math.min(width, (region.c1 + 1) * CELL_PX),
      Math.min(height, (region.r1 + 1) * CELL_PX),
    ];
    const w = box[2] - box[0];
    const h = box[3] - box[1];
    if (w < shorter * MIN_SIDE_SHARE || h < shorter * MIN_SIDE_SHARE) continue;
    if (w * h < width * height * MIN_AREA_SHARE || w * h > width * height * MAX_AREA_SHARE) continue;
    const boxCells = (region.c1 - region.c0 + 1) * (region.r1 - region.r0 + 1);
    if (region.cells / boxCells < MIN_FILL) continue;
    if (isFlatPanel(image, box, background, textCells, cols)) continue;
    out.push(box);
  }
  return out.sort((a, b) => a[1] - b[1] || a[0] - b[0]);
}

/** The most common colour (quantised to 32 levels per channel) on a sparse sample of pixels. */
export function backgroundColour(image: ScanPixels): [number, number, number] {
  const counts = new Map<number, number>();
  const step = Math.max(1, Math.floor(Math.sqrt((image.width * image.height) / 40_000)));
  for (let y = 0; y < image.height; y += step) {
    for (let x = 0; x < image.width; x += step) {
      const i = (y * image.width + x) * 4;
      const key =
        ((image.data[i] ?? 0) >> 3) * 1024 +
        ((image.data[i + 1] ?? 0) >> 3) * 32 +
        ((image.data[i + 2] ?? 0) >> 3);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  let best = 0;
  let bestCount = -1;
  for (const [key, count] of counts) if (count > bestCount) [best, bestCount] = [key, count];
  return [((best >> 10) << 3) + 4, (((best >> 5) & 31) << 3) + 4, ((best & 31) << 3) + 4];
}

function cellInkShares(
  image: ScanPixels,
  bg: [number, number, number],
  cols: number,
  rows: number,
): Float32Array {
  const shares = new Float32Array(cols * rows);
  const totals = new Uint16Array(cols * rows);
  const { data, width, height } = image;
  for (let y = 0; y < height; y++) {
    const rowBase = Math.floor(y / CELL_PX) * cols;
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const distance = Math.max(
        Math.abs((data[i] ?? 0) - bg[0]),
        Math.abs((data[i + 1] ?? 0) - bg[1]),
        Math.abs((data[i + 2] ?? 0) - bg[2]),
      );
      const cell = rowBase + Math.floor(x / CELL_PX);
      totals[cell] = (totals[cell] ?? 0) + 1;
      if (distance > INK_DISTANCE) shares[cell] = (shares[cell] ?? 0) + 1;
    }
  }
  for (let i = 0; i < shares.length; i++) shares[i] = (shares[i] ?? 0) / Math.max(1, totals[i] ?? 1);
  return shares;
}

interface Region {
  c0: number;
  r0: number;
  c1: number;
  r1: number;
  cells: number;
}

/** 8-connected regions of inked cells, bridging gaps of one cell (a chart's bars, a photo's dark seams). */
function connectedRegions(inked: Uint8Array, cols: number, rows: number): Region[] {
  const seen = new Uint8Array(inked.length);
  const regions: Region[] = [];
  const stack: number[] = [];
  for (let start = 0; start < inked.length; start++) {
    if (!inked[start] || seen[start]) continue;
    seen[start] = 1;
    stack.push(start);
    const region: Region = { c0: cols, r0: rows, c1: -1, r1: -1, cells: 0 };
    while (stack.length) {
      const index = stack.pop() as number;
      const r = Math.floor(index / cols);
      const c = index - r * cols;
      region.cells++;
      region.c0 = Math.min(region.c0, c);
      region.c1 = Math.max(region.c1, c);
      region.r0 = Math.min(region.r0, r);
      region.r1 = Math.max(region.r1, r);
      for (let dr = -2; dr <= 2; dr++) {
        for (let dc = -2; dc <= 2; dc++) {
          const rr = r + dr;
          const cc = c + dc;
          if (rr < 0 || cc < 0 || rr >= rows || cc >= cols) continue;
          const next = rr * cols + cc;
          if (inked[next] && !seen[next]) {
            seen[next] = 1;
            stack.push(next);
          }
        }
      }
    }
    regions.push(region);
  }
  return regions;
}

/** Whether the box is one solid colour: a panel behind text, not a picture. */
function isFlatPanel(
  image: ScanPixels,
  box: PixelBox,
  background: [number, number, number],
  textCells: Uint8Array,
  cols: number,
): boolean {
  const counts = new Map<number, number>();
  let sampled = 0;
  let inked = 0;
  const step = Math.max(1, Math.floor(Math.sqrt(((box[2] - box[0]) * (box[3] - box[1])) / 4000)));
  for (let y = box[1]; y < box[3]; y += step) {
    for (let x = box[0]; x < box[2]; x += step) {
      if (textCells[Math.floor(y / CELL_PX) * cols + Math.floor(x / CELL_PX)]) continue;
      const i = (y * image.width + x) * 4;
      const rgb = [image.data[i] ?? 0, image.data[i + 1] ?? 0, image.data[i + 2] ?? 0] as const;
      sampled++;
      const distance = Math.max(
        Math.abs(rgb[0] - background[0]),
        Math.abs(rgb[1] - background[1]),
        Math.abs(rgb[2] - background[2]),
      );
      if (distance <= INK_DISTANCE) continue;
      inked++;
      const key = (rgb[0] >> 4) * 256 + (rgb[1] >> 4) * 16 + (rgb[2] >> 4);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  if (sampled === 0 || inked / sampled < PANEL_FILL) return false;
  const dominant = Math.max(0, ...counts.values());
  return dominant / inked >= PANEL_DOMINANT_SHARE;
}
