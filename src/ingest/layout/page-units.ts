// A page's body text as units for reading order, with its tables: on a text-layer page every segment is a unit of
// its own (columns are found among them); on a scanned page every text box is one unit read whole, and tables are
// looked for only among boxes whose lines align in a grid, so neither an element nor a table spans two boxes.
import type { BBox, ParsedPage, TextItem } from '../../document/document-model';
import { sortRows } from './columns';
import { type Segment, unionAll } from './layout.types';
import { buildSegments } from './lines';
import { detectRuledTables } from './ruled-tables';
import { type DetectedTable, detectTables } from './tables';
import { gridGroups, groupTextBoxes, type TextBox } from './text-boxes';

/** Segments to read together: one segment (text layer) or a whole text box (OCR), in reading order. */
export interface TextUnit {
  type: 'text';
  bbox: BBox;
  segments: Segment[];
  /** A box is read on its own: its lines never join the blocks of the units around it. */
  isBox: boolean;
}

/** The page's segments, and for a scanned page the text box each segment belongs to. */
export interface PageSegments {
  segments: Segment[];
  boxOf: Map<Segment, TextBox> | null;
}

export function pageSegments(items: TextItem[], scanned: boolean): PageSegments {
  if (!scanned) return { segments: buildSegments(items), boxOf: null };
  const boxOf = new Map<Segment, TextBox>();
  const segments = groupTextBoxes(items).flatMap((box) => {
    const own = buildSegments(box.items);
    for (const segment of own) boxOf.set(segment, box);
    return own;
  });
  return { segments, boxOf };
}

/** The body's tables and its remaining text as units. */
export function bodyUnits(
  body: Segment[],
  boxOf: Map<Segment, TextBox> | null,
  page: Pick<ParsedPage, 'rules' | 'inkRules'>,
  bodyFontSize: number,
): { tables: DetectedTable[]; text: TextUnit[] } {
  const { rules } = page;
  if (!boxOf) {
    // drawn grids first: their cells may wrap over many lines, which the alignment detector cannot follow
    const ruled = detectRuledTables(body, page.inkRules ?? rules);
    const inRuled = new Set(ruled.flatMap((t) => t.segments));
    const tables = [
      ...ruled,
      ...detectTables(
        body.filter((s) => !inRuled.has(s)),
        rules,
        bodyFontSize,
      ),
    ];
    const inTable = new Set(tables.flatMap((t) => t.segments));
    const text = body
      .filter((s) => !inTable.has(s))
      .map((segment): TextUnit => ({ type: 'text', bbox: segment.bbox, segments: [segment], isBox: false }));
    return { tables, text };
  }
  const boxes = [...new Set(body.map((s) => boxOf.get(s)).filter((b): b is TextBox => b !== undefined))];
  const segmentsOf = (box: TextBox): Segment[] => body.filter((s) => boxOf.get(s) === box);
  const tables = gridGroups(boxes).flatMap((group) =>
    detectTables(group.flatMap(segmentsOf), rules, bodyFontSize),
  );
  const inTable = new Set(tables.flatMap((t) => t.segments));
  const text = boxes.flatMap((box): TextUnit[] => {
    const rest = sortRows(segmentsOf(box).filter((s) => !inTable.has(s)));
    return rest.length
      ? [{ type: 'text', bbox: unionAll(rest.map((s) => s.bbox)), segments: rest, isBox: true }]
      : [];
  });
  return { tables, text };
}
