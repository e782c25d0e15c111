// Joins recognised text boxes that sit on the same baseline into lines, and orders lines for reading.

/** [x0, y0, x1, y1] in image pixels, origin top-left. */
export type PixelBox = [number, number, number, number];

export interface OcrSegment {
  text: string;
  confidence: number;
  box: PixelBox;
}

export interface OcrLine {
  text: string;
  /** Character-weighted mean confidence of the segments. */
  confidence: number;
  box: PixelBox;
  segments: OcrSegment[];
}

export interface LineGroupingOptions {
  /** Segments join a line when their vertical overlap is at least this share of the shorter height. */
  minVerticalOverlap: number;
  /** ...and the horizontal gap is at most this many line heights (a wider gap is a column break). */
  maxGapInHeights: number;
  /** ...and their heights differ by at most this factor (a heading beside body text stays separate). */
  maxHeightRatio: number;
}

export const DEFAULT_LINE_GROUPING: LineGroupingOptions = {
  minVerticalOverlap: 0.5,
  maxGapInHeights: 1.5,
  maxHeightRatio: 1.6,
};

const heightOf = (box: PixelBox): number => box[3] - box[1];

function verticalOverlap(a: PixelBox, b: PixelBox): number {
  return Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
}

function horizontalGap(a: PixelBox, b: PixelBox): number {
  return Math.max(a[0], b[0]) - Math.min(a[2], b[2]);
}

function belongsTogether(a: PixelBox, b: PixelBox, opts: LineGroupingOptions): boolean {
  const ha = heightOf(a);
  const hb = heightOf(b);
  if (Math.max(ha, hb) > opts.maxHeightRatio * Math.min(ha, hb)) return false;
  if (verticalOverlap(a, b) < opts.minVerticalOverlap * Math.min(ha, hb)) return false;
  return horizontalGap(a, b) <= opts.maxGapInHeights * Math.max(ha, hb);
}

function union(boxes: PixelBox[]): PixelBox {
  return [
    Math.min(...boxes.map((b) => b[0])),
    Math.min(...boxes.map((b) => b[1])),
    Math.max(...boxes.map((b) => b[2])),
    Math.max(...boxes.map((b) => b[3])),
  ];
}

function toLine(segments: OcrSegment[]): OcrLine {
  const ordered = [...segments].sort((a, b) => a.box[0] - b.box[0]);
  const weight = (s: OcrSegment): number => Math.max(1, s.text.length);
  const totalWeight = ordered.reduce((sum, s) => sum + weight(s), 0);
  return {
    text: ordered.map((s) => s.text).join(' '),
    confidence: ordered.reduce((sum, s) => sum + s.confidence * weight(s), 0) / totalWeight,
    box: union(ordered.map((s) => s.box)),
    segments: ordered,
  };
}

/** Groups segments into lines (single-link: a segment joins a line when it fits any member). */
export function groupIntoLines(
  segments: OcrSegment[],
  options: Partial<LineGroupingOptions> = {},
): OcrLine[] {
  const opts = { ...DEFAULT_LINE_GROUPING, ...options };
  const kept = segments
    .map((s) => ({ ...s, text: s.text.trim() }))
    .filter((s) => s.text.length > 0)
    .sort((a, b) => a.box[0] - b.box[0]);
  const groups: OcrSegment[][] = [];
  for (const segment of kept) {
    const home = groups.find((group) =>
      group.some((member) => belongsTogether(member.box, segment.box, opts)),
    );
    if (home) home.push(segment);
    else groups.push([segment]);
  }
  return sortInReadingOrder(groups.map(toLine));
}

/**
 * Reading order by recursive XY-cut: split at vertical gutters (columns, read left to right) when there are any,
 * else at the widest horizontal gap (read top to bottom), else top to bottom. Cutting only the widest gap keeps
 * the aligned rows of two columns under a heading together until the columns are separated. Gutters narrower
 * than the median line height are word gaps, not columns. Finer column logic belongs to layout analysis.
 */
export function sortInReadingOrder(lines: OcrLine[]): OcrLine[] {
  const heights = lines.map((line) => heightOf(line.box)).sort((a, b) => a - b);
  return xyCut(lines, heights[Math.floor(heights.length / 2)] ?? 0);
}

function xyCut(lines: OcrLine[], minGutter: number): OcrLine[] {
  if (lines.length <= 1) return [...lines];
  const columns = splitAtGutters(lines, minGutter);
  if (columns.length > 1) return columns.flatMap((column) => xyCut(column, minGutter));
  const blocks = splitAtWidestRowGap(lines);
  if (blocks) return blocks.flatMap((block) => xyCut(block, minGutter));
  return [...lines].sort((a, b) => a.box[1] - b.box[1] || a.box[0] - b.box[0]);
}

function splitAtGutters(lines: OcrLine[], minGutter: number): OcrLine[][] {
  const sorted = [...lines].sort((a, b) => a.box[0] - b.box[0]);
  const groups: OcrLine[][] = [];
  let reach = -Infinity;
  for (const line of sorted) {
    const current = groups.at(-1);
    if (current && line.box[0] - reach < minGutter) current.push(line);
    else groups.push([line]);
    reach = Math.max(reach, line.box[2]);
  }
  return groups;
}

function splitAtWidestRowGap(lines: OcrLine[]): [OcrLine[], OcrLine[]] | null {
  const sorted = [...lines].sort((a, b) => a.box[1] - b.box[1]);
  let reach = -Infinity;
  let widest = 0;
  let cutAt = -1;
  sorted.forEach((line, i) => {
    if (i > 0 && line.box[1] - reach > widest) {
      widest = line.box[1] - reach;
      cutAt = i;
    }
    reach = Math.max(reach, line.box[3]);
  });
  return cutAt > 0 ? [sorted.slice(0, cutAt), sorted.slice(cutAt)] : null;
}
