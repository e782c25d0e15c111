// Segments in reading order → blocks (paragraph, heading, list, caption, footnote, formula).
import type { BBox, ElementKind } from '../../document/document-model';
import { captionPrefix } from '../../document/caption-grammar';
import { looksLikeCaption } from './captions';
import { isHeading } from './headings';
import { horizontalOverlap, type Segment, unionAll, verticalOverlap } from './layout.types';
import { joinLines } from './text';

export const LIST_MARKER =
  /^(?:[•◦▪▫■□●○◆◇►▶➢✓✔\u2022\u2023\u2043\u25aa-]|[–—*·]\s|\(?\d{1,2}[.)]\s|\(?[a-zA-Z][.)]\s|\([ivx]{1,4}\)\s|[ivx]{1,4}\.\s)/;
const FOOTNOTE_MARKER = /^(?:\d{1,3}|[*†‡§¶]+|[\u00b9\u00b2\u00b3\u2070-\u2079]+)\s*\S/;
const MATH_CHARS = /[=+\u2212×÷∑∏∫√≤≥≈≠∞∂∇πσμλαβγδθΩ^_∈∉⊂⊆∪∩→⇒↔±·]/g;

/** The share of an OCR line's ink height that descenders add. */
const OCR_DESCENDER_SHARE = 0.2;

export interface TextBlock {
  kind: ElementKind;
  segments: Segment[];
  bbox: BBox;
  text: string;
  fontSize: number;
  bold: boolean;
}

export interface BlockContext {
  bodyFontSize: number;
  pageHeight: number;
}

/** Groups consecutive segments (already in reading order) into blocks. */
export function groupBlocks(segments: Segment[], ctx: BlockContext): TextBlock[] {
  const groups: Segment[][] = [];
  let current: Segment[] = [];
  for (const segment of segments) {
    const last = current[current.length - 1];
    if (last && startsNewBlock(current, last, segment, ctx)) {
      groups.push(current);
      current = [];
    }
    current.push(segment);
  }
  if (current.length) groups.push(current);
  return mergeListItems(groups.map((g) => classify(g, ctx)));
}

function startsNewBlock(block: Segment[], last: Segment, next: Segment, ctx: BlockContext): boolean {
  const em = Math.max(last.fontSize, next.fontSize, 1);
  // The next piece of the same visual line (a wide justified space split it off): same block.
  const sameRow =
    verticalOverlap(last.bbox, next.bbox) >
    Math.min(last.bbox[3] - last.bbox[1], next.bbox[3] - next.bbox[1]) * 0.6;
  if (sameRow && next.bbox[0] >= last.bbox[2] - 1 && next.bbox[0] - last.bbox[2] < em * 3) return false;
  const gap = next.bbox[1] - last.bbox[3];
  if (gap > em * 0.75 || gap < -em * 0.5) return true; // paragraph gap, or a jump back up (next column)
  if (horizontalOverlap(last.bbox, next.bbox) <= 0) return true;
  if (Math.abs(last.fontSize - next.fontSize) > sizeTolerance(last, next, ctx)) return true;
  if (last.bold !== next.bold && (block.every((s) => s.bold) || next.bold) && next.text.length < 200) {
    // A bold run-in heading line followed by regular text, or regular text followed by a bold line.
    if (block.every((s) => s.bold) !== next.bold) return true;
  }
  const first = block[0] ?? last;
  const isListItem = LIST_MARKER.test(first.text);
  if (LIST_MARKER.test(next.text)) return true;
  if (captionPrefix(next.text)) return true;
  // A scanned box of centred lines (a label in a diagram) is no run of indented paragraphs.
  if (centredOcrLines(last, next, em)) return false;
  // A first-line indent opens a new paragraph (not for list items with a hanging indent).
  if (!isListItem && next.bbox[0] - last.bbox[0] > em * 0.8 && block.length >= 2) return true;
  if (!isListItem && next.bbox[0] - last.bbox[0] > em * 0.8 && last.bbox[2] - last.bbox[0] > em * 15) {
    // Indented after a long line: a new paragraph unless the previous line ended mid-sentence.
    return /[.!?:]$/.test(last.text);
  }
  return false;
}

/**
 * How far two lines' sizes may differ within a block. An OCR size is the ink height, and a line without descenders
 * ("cost less to build") is a fifth shorter than one with them at the same type size.
 */
function sizeTolerance(last: Segment, next: Segment, ctx: BlockContext): number {
  const ocr = last.source === 'ocr' && next.source === 'ocr';
  return Math.max(
    1,
    ctx.bodyFontSize * 0.12,
    ocr ? OCR_DESCENDER_SHARE * Math.max(last.fontSize, next.fontSize) : 0,
  );
}

function centredOcrLines(last: Segment, next: Segment, em: number): boolean {
  if (last.source !== 'ocr' || next.source !== 'ocr') return false;
  const centre = (s: Segment): number => (s.bbox[0] + s.bbox[2]) / 2;
  return (
    Math.abs(centre(last) - centre(next)) <= em * 0.8 && Math.abs(last.bbox[0] - next.bbox[0]) > em * 0.8
  );
}

function classify(segments: Segment[], ctx: BlockContext): TextBlock {
  const text = joinLines(segments.map((s) => s.text));
  const bbox = unionAll(segments.map((s) => s.bbox));
  const chars = segments.reduce((n, s) => n + s.text.length, 0) || 1;
  const fontSize = segments.reduce((n, s) => n + s.fontSize * s.text.length, 0) / chars;
  const bold = segments.every((s) => s.bold);
  const block: TextBlock = { kind: 'paragraph', segments, bbox, text, fontSize, bold };
  block.kind = blockKind(block, ctx);
  return block;
}

function blockKind(block: TextBlock, ctx: BlockContext): ElementKind {
  const { text, fontSize, bbox } = block;
  if (looksLikeCaption(text, fontSize, block.bold || block.segments[0]?.bold === true, ctx.bodyFontSize))
    return 'caption';
  if (fontSize < ctx.bodyFontSize * 0.92 && bbox[1] > ctx.pageHeight * 0.6 && FOOTNOTE_MARKER.test(text)) {
    return 'footnote';
  }
  if (LIST_MARKER.test(text)) return 'list';
  if (isHeading({ text, fontSize, bold: block.bold, lineCount: block.segments.length }, ctx.bodyFontSize))
    return 'heading';
  if (looksLikeFormula(text)) return 'formula';
  return 'paragraph';
}

export function looksLikeFormula(text: string): boolean {
  const compact = text.replace(/\s+/g, '');
  if (compact.length < 3 || compact.length > 300) return false;
  const math = (compact.match(MATH_CHARS) ?? []).length;
  const words = (text.match(/\b[a-zA-Z]{4,}\b/g) ?? []).length;
  return math >= 2 && math / compact.length >= 0.12 && words <= 3 && /[=≤≥≈∑∫]/.test(compact);
}

/** Consecutive list items become one list element (split again later if it grows past the token budget). */
function mergeListItems(blocks: TextBlock[]): TextBlock[] {
  const out: TextBlock[] = [];
  for (const block of blocks) {
    const prev = out[out.length - 1];
    if (
      prev &&
      prev.kind === 'list' &&
      block.kind === 'list' &&
      block.bbox[1] - prev.bbox[3] < block.fontSize * 1.5
    ) {
      prev.segments.push(...block.segments);
      prev.bbox = unionAll([prev.bbox, block.bbox]);
      prev.text = `${prev.text}\n${block.text}`;
    } else {
      out.push(block);
    }
  }
  return out;
}
