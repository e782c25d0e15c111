// Figure and chart regions: raster images (merged, icons dropped) and dense clusters of vector drawing.
import type { BBox, ParsedPage, TextItem } from '../../document/document-model';
import { area, centreInside, expand, height, intersectionArea, union, width } from './layout.types';

const MIN_FIGURE_SIDE = 36;
const MIN_FIGURE_AREA_FRACTION = 0.012;
/** Images covering most of a page with text on it are backgrounds (slides, letterheads), not figures. */
const BACKGROUND_AREA_FRACTION = 0.8;
const MIN_VECTOR_SHAPES = 6;

export function findFigureRegions(page: ParsedPage): BBox[] {
  const pageArea = page.width * page.height;
  // A scanned page's images are the scan (its background); its figures are what OCR found in the pixels.
  const imageBoxes = pictureFigures(
    page.hasTextLayer ? page.images.map((image) => image.bbox) : (page.scanFigures ?? []),
    pageArea,
  );
  const vectorBoxes = mergeSmallMultiples(
    findVectorFigures(page).filter((box) => isFigureSized(box, pageArea)),
  ).filter((box) => area(box) < pageArea * BACKGROUND_AREA_FRACTION);
  return mergeOverlapping([...imageBoxes, ...vectorBoxes], 2).sort((a, b) => a[1] - b[1] || a[0] - b[0]);
}

/** Pictures (merged when they touch) big enough to be figures and not the page's background. */
function pictureFigures(pictures: BBox[], pageArea: number): BBox[] {
  return mergeOverlapping(pictures, 3).filter(
    (box) => isFigureSized(box, pageArea) && area(box) <= pageArea * BACKGROUND_AREA_FRACTION,
  );
}

/** Below this many text items inside, a raster figure's words are in its pixels only (a chart or diagram image). */
const MIN_TEXT_ITEMS_OF_A_READ_FIGURE = 3;

/**
 * Raster figures of a born-digital page whose text the PDF does not carry: pictures that become figures (as in
 * findFigureRegions) with fewer than three text items inside. Their words (a chart's labels, a diagram's boxes, a
 * logo) are only in the pixels, so ingestion reads them with OCR.
 */
export function textlessPictureFigures(page: ParsedPage): BBox[] {
  if (!page.hasTextLayer) return [];
  return pictureFigures(
    page.images.map((image) => image.bbox),
    page.width * page.height,
  ).filter(
    (box) =>
      page.items.filter((item) => centreInside(item.bbox, box)).length < MIN_TEXT_ITEMS_OF_A_READ_FIGURE,
  );
}

/** Panels of a small-multiples chart: the same size within this share, and at most this far apart. */
const PANEL_SIZE_TOLERANCE = 0.12;
const PANEL_GAP_SHARE = 0.8;
const PANEL_ALIGN_PT = 4;

/**
 * A grid of equal panels side by side (a Pew-style small-multiples chart: one chart per issue) is one figure
 * with one title and one caption, not one figure per panel. Panels join when they have the same size, share a
 * top or a left edge, and the gap between them is smaller than most of a panel.
 */
export function mergeSmallMultiples(boxes: BBox[]): BBox[] {
  const parent = boxes.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i] ?? i)));
  const similar = (a: number, b: number): boolean => Math.abs(a - b) <= Math.max(a, b) * PANEL_SIZE_TOLERANCE;
  boxes.forEach((a, i) => {
    boxes.forEach((b, j) => {
      if (j <= i || !similar(width(a), width(b)) || !similar(height(a), height(b))) return;
      const sameRow = Math.abs(a[1] - b[1]) <= PANEL_ALIGN_PT;
      const sameColumn = Math.abs(a[0] - b[0]) <= PANEL_ALIGN_PT;
      const gapX = Math.max(a[0], b[0]) - Math.min(a[2], b[2]);
      const gapY = Math.max(a[1], b[1]) - Math.min(a[3], b[3]);
      if (
        (sameRow && gapX <= width(a) * PANEL_GAP_SHARE) ||
        (sameColumn && gapY <= height(a) * PANEL_GAP_SHARE)
      )
        parent[find(i)] = find(j);
    });
  });
  const groups = new Map<number, BBox>();
  boxes.forEach((box, i) => {
    const root = find(i);
    const group = groups.get(root);
    groups.set(root, group ? union(group, box) : box);
  });
  return [...groups.values()];
}

function isFigureSized(box: BBox, pageArea: number): boolean {
  return (
    width(box) >= MIN_FIGURE_SIDE &&
    height(box) >= MIN_FIGURE_SIDE &&
    area(box) >= pageArea * MIN_FIGURE_AREA_FRACTION
  );
}

/** Repeatedly unions boxes that overlap or lie within `gap` of each other. */
export function mergeOverlapping(boxes: BBox[], gap: number): BBox[] {
  let current = boxes.map((b): BBox => [...b]);
  let changed = true;
  while (changed) {
    changed = false;
    const next: BBox[] = [];
    for (const box of current) {
      const grown = expand(box, gap);
      const hit = next.findIndex((other) => intersectionArea(grown, other) > 0);
      if (hit >= 0) {
        next[hit] = union(next[hit] as BBox, box);
        changed = true;
      } else {
        next.push(box);
      }
    }
    current = next;
  }
  return current;
}

/**
 * Vector charts and diagrams: clusters of curves/slanted strokes, or of filled bars of varying length.
 * Ruled tables are plain axis-aligned lines and uniform cell shading, so they do not qualify.
 */
function findVectorFigures(page: ParsedPage): BBox[] {
  const graphics = page.graphics ?? [];
  const fatRects = page.rules.filter((r) => width(r) >= 3 && height(r) >= 3);
  const shapes = [
    ...graphics.map((box) => ({ box, curved: true })),
    ...fatRects.map((box) => ({ box, curved: false })),
  ];
  if (shapes.length < MIN_VECTOR_SHAPES || shapes.length > 6000) return [];

  // Union-find over shapes that touch (with a small tolerance), bucketed on a coarse grid to stay near-linear.
  const parent = shapes.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i] ?? i] ?? i;
      i = parent[i] ?? i;
    }
    return i;
  };
  const cell = 48;
  const grid = new Map<string, number[]>();
  shapes.forEach(({ box }, i) => {
    const b = expand(box, 6);
    for (let gx = Math.floor(b[0] / cell); gx <= Math.floor(b[2] / cell); gx++) {
      for (let gy = Math.floor(b[1] / cell); gy <= Math.floor(b[3] / cell); gy++) {
        const key = `${gx},${gy}`;
        const bucket = grid.get(key);
        if (bucket) {
          for (const j of bucket) {
            const other = shapes[j];
            if (other && intersectionArea(b, expand(other.box, 6)) > 0) parent[find(i)] = find(j);
          }
          bucket.push(i);
        } else {
          grid.set(key, [i]);
        }
      }
    }
  });
  const clusters = new Map<number, Array<{ box: BBox; curved: boolean }>>();
  shapes.forEach((shape, i) => {
    const root = find(i);
    const list = clusters.get(root);
    if (list) list.push(shape);
    else clusters.set(root, [shape]);
  });

  const out: BBox[] = [];
  for (const members of clusters.values()) {
    if (members.length < MIN_VECTOR_SHAPES) continue;
    // Mostly fills behind words: a slide's text boxes and highlighted lines, not a chart.
    const fills = members.filter((m) => !m.curved && isTextBackground(m.box, page.items)).length;
    if (fills >= members.length * TEXT_FILL_SHARE_OF_SHAPES) continue;
    const box = members.reduce<BBox>(
      (acc, m) => union(acc, m.box),
      [Infinity, Infinity, -Infinity, -Infinity],
    );
    const curved = members.filter((m) => m.curved).length;
    const bars = members.filter((m) => !m.curved && width(m.box) < width(box) * 0.6);
    const distinctLengths = new Set(
      bars.map((m) => `${Math.round(width(m.box))}x${Math.round(height(m.box))}`),
    ).size;
    if (curved === 0 && isShadedHeader(members, box, page.items)) continue;
    if (curved >= MIN_VECTOR_SHAPES || (bars.length >= 3 && distinctLengths >= 3 && !isTiledGrid(bars)))
      out.push(box);
  }
  return out;
}

/** Share of its box a cluster's cells must cover to tile it like a table's shaded header. */
const HEADER_COVER = 0.9;

/**
 * A table's shaded header: cells that tile their box with no gaps, in spans of any width (multi-level column heads),
 * most of those that hold text holding words. A bar chart leaves gaps between its bars, and labels them with numbers.
 */
function isShadedHeader(members: Array<{ box: BBox }>, box: BBox, items: TextItem[]): boolean {
  const covered = members.reduce((sum, m) => sum + area(m.box), 0);
  if (covered < area(box) * HEADER_COVER || covered > area(box) * 1.05) return false;
  const texts = members.map((m) => items.filter((i) => i.text.trim() && centreInside(i.bbox, m.box)));
  const withText = texts.filter((t) => t.length > 0);
  const worded = withText.filter((t) => t.some((i) => /\p{L}{3}/u.test(i.text)));
  return withText.length > 0 && worded.length >= withText.length * 0.5;
}

/** A text box's fill or a highlighted run is as wide as its text nearly: bars and plot areas are not. */
const TEXT_FILL_SHARE = 0.9;
/** A cluster of shapes is text boxes, not a chart, when this share of its shapes are fills behind words. */
const TEXT_FILL_SHARE_OF_SHAPES = 0.5;

/** A rectangle painted behind words that fill it (a slide's text box, a highlight): text, not a bar of a chart. */
function isTextBackground(rect: BBox, items: TextItem[]): boolean {
  const inside = items.filter((item) => item.text.trim() && centreInside(item.bbox, rect));
  // A bar's value label ("23", "4.5%") can fill a short bar: only words make a text box.
  if (!inside.some((item) => /\p{L}{3}/u.test(item.text))) return false;
  const text = inside.reduce<BBox>((acc, item) => union(acc, item.bbox), inside[0]!.bbox);
  return width(text) >= width(rect) * TEXT_FILL_SHARE && height(text) >= height(rect) * TEXT_FILL_SHARE * 0.8;
}

/** Table cell backgrounds tile rows: many rectangles share exactly the same top and bottom. Bars do not. */
function isTiledGrid(rects: Array<{ box: BBox }>): boolean {
  const rows = new Map<string, number>();
  for (const { box } of rects) {
    const key = `${Math.round(box[1])}:${Math.round(box[3])}`;
    rows.set(key, (rows.get(key) ?? 0) + 1);
  }
  const tiled = rects.filter(
    ({ box }) => (rows.get(`${Math.round(box[1])}:${Math.round(box[3])}`) ?? 0) >= 3,
  ).length;
  if (tiled <= rects.length * 0.5) return false;
  // Table rows touch each other; the rows of a stacked bar chart are separated by gaps.
  const bands = [...rows.keys()]
    .map((k) => k.split(':').map(Number) as [number, number])
    .sort((a, b) => a[0] - b[0]);
  let touching = 0;
  for (let i = 1; i < bands.length; i++) if ((bands[i]?.[0] ?? 0) - (bands[i - 1]?.[1] ?? 0) <= 1) touching++;
  return touching >= (bands.length - 1) * 0.5 || sameColumnsEachBand(rects);
}

/**
 * Zebra-striped tables shade every other row cell by cell: the shaded rows leave gaps like a stacked bar chart's,
 * but each repeats the same column edges, where a chart's segment edges follow its data.
 */
function sameColumnsEachBand(rects: Array<{ box: BBox }>): boolean {
  const edgesByBand = new Map<string, number[]>();
  for (const { box } of rects) {
    const key = `${Math.round(box[1])}:${Math.round(box[3])}`;
    edgesByBand.set(key, [...(edgesByBand.get(key) ?? []), Math.round(box[0]), Math.round(box[2])]);
  }
  const layouts = new Map<string, number>();
  for (const edges of edgesByBand.values()) {
    if (edges.length < 6) continue;
    const layout = [...new Set(edges)].sort((a, b) => a - b).join(',');
    layouts.set(layout, (layouts.get(layout) ?? 0) + 1);
  }
  const repeated = Math.max(0, ...layouts.values());
  return repeated >= 3 && repeated >= edgesByBand.size * ZEBRA_SHARE;
}

/** Share of a cluster's bands that must repeat one column layout for it to read as a striped table. */
const ZEBRA_SHARE = 0.8;

const CHART_WORDS = /\b(chart|graph|plot|histogram|bar|axis|trend|percentage|share of|distribution)\b/i;
const NUMERIC_LABEL = /^[-+]?[$€£]?\d[\d,.]*\s*(%|k|m|bn)?$/i;

/** 'chart' when the caption or text nearby says so, or when the region is full of axis-like numeric labels. */
export function figureKind(insideItems: TextItem[], captionText: string | null): 'chart' | 'figure' {
  if (captionText && CHART_WORDS.test(captionText)) return 'chart';
  const labels = insideItems.map((item) => item.text.trim()).filter(Boolean);
  const numeric = labels.filter((label) => NUMERIC_LABEL.test(label)).length;
  return numeric >= 5 && numeric >= labels.length * 0.3 ? 'chart' : 'figure';
}
