// ParsedPdf → DocumentModel: elements in reading order, sections and cross-references.
import { documentKind } from '../../document/document-kind';
import type { BBox, DocumentModel, LayoutElement, ParsedPdf, TextItem } from '../../document/document-model';
import { type TextBlock, groupBlocks } from './blocks';
import { linkCaptions } from './captions';
import { linkTitles } from './float-titles';
import { readingOrder, sortRows } from './columns';
import { contentsLinks } from './contents-links';
import { resolveCrossReferences } from './cross-references';
import { figureKind, findFigureRegions } from './figures';
import { type BandKind, detectHeadersFooters } from './headers-footers';
import { type HeadingCandidate, headingLevels } from './headings';
import { centreInside, roundBox, type Segment } from './layout.types';
import { buildSegments } from './lines';
import { joinSpacedLetters } from './spaced-letters';
import { joinSplitLetters } from './split-letters';
import { dominantFontSize, splitBox, splitTable } from './element-split';
import { bodyUnits, pageSegments, type TextUnit } from './page-units';
import { sectionsFromHeadings, sectionsFromOutline } from './sections';
import { splitRunTogetherWords } from './ocr-words';
import { isScannedSlide, picturesOnScan, slideTitle } from './slides';
import { tableCellGeometry, tableToMarkdown, tableToText } from '../../document/table-form';
import { type DetectedTable, groupRows } from './tables';
import { readTitle } from './title';
import { type CountTokens, DEFAULT_MAX_TOKENS, estimateTokens, joinLines, splitByTokens } from './text';

const BODY_KINDS: ReadonlySet<string> = new Set(['paragraph', 'list', 'table']);
/** A first slide with this many words of body text is content, not a bare cover. */
const SLIDE_BODY_WORDS = 12;

export interface AnalyzeLayoutOptions {
  /** Upper bound on an element's size in tokens (default 480). */
  maxTokens?: number;
  /** Token counter for that bound (default: words × 1.3). */
  countTokens?: CountTokens;
  /** The uploaded file's name: the title when neither metadata nor the first page gives one. */
  fileName?: string;
}

interface FigureUnit {
  type: 'figure';
  bbox: BBox;
  items: TextItem[];
}
interface TableUnit {
  type: 'table';
  bbox: BBox;
  table: DetectedTable;
}
type Unit = FigureUnit | TableUnit | TextUnit;

/** A page's content in reading order, before elements get keys. */
type PagePiece =
  | { type: 'block'; block: TextBlock }
  | { type: 'figure'; unit: FigureUnit }
  | { type: 'table'; unit: TableUnit }
  | { type: 'band'; kind: BandKind; segment: Segment };

export function analyzeLayout(input: ParsedPdf, opts: AnalyzeLayoutOptions = {}): DocumentModel {
  const parsed = splitRunTogetherWords(input);
  const maxTokens = opts.maxTokens ?? DEFAULT_MAX_TOKENS;
  const countTokens = opts.countTokens ?? estimateTokens;
  // OCR sizes are box heights, not font sizes: scanned pages are compared with scanned pages only.
  const textLayerBody = dominantFontSize(parsed.pages.filter((p) => p.hasTextLayer));
  const ocrBody = dominantFontSize(parsed.pages.filter((p) => !p.hasTextLayer));

  const prepared = parsed.pages.map((page) => {
    const figures = findFigureRegions(page);
    const inFigure = (item: TextItem): boolean => figures.some((f) => centreInside(item.bbox, f));
    const figureItems = figures.map((f) => page.items.filter((item) => centreInside(item.bbox, f)));
    const { segments, boxOf } = pageSegments(
      page.items.filter((item) => !inFigure(item)),
      !page.hasTextLayer,
    );
    return { page, figures, figureItems, segments, boxOf };
  });
  const lines = prepared.flatMap((p) => p.segments);
  joinSpacedLetters(lines);
  joinSplitLetters(lines);
  const bands = detectHeadersFooters(prepared.map((p) => ({ height: p.page.height, segments: p.segments })));

  const slideTitles = new Set<TextBlock>();
  const pagePieces: PagePiece[][] = prepared.map(({ page, figures, figureItems, segments, boxOf }, index) => {
    const bodyFontSize = page.hasTextLayer ? textLayerBody : ocrBody;
    const band = bands[index] ?? new Map<Segment, BandKind>();
    const body = segments.filter((s) => !band.has(s));
    const { tables, text } = bodyUnits(body, boxOf, page, bodyFontSize);
    const units: Unit[] = [
      ...figures.map((bbox, k): FigureUnit => ({ type: 'figure', bbox, items: figureItems[k] ?? [] })),
      ...tables.map((table): TableUnit => ({ type: 'table', bbox: table.bbox, table })),
      ...text,
    ];
    const pieces: PagePiece[] = [];
    const headers = segments.filter((s) => band.get(s) === 'page-header');
    const footers = segments.filter((s) => band.get(s) === 'page-footer');
    for (const segment of headers) pieces.push({ type: 'band', kind: 'page-header', segment });
    let run: Segment[] = [];
    const flush = (): void => {
      for (const block of groupBlocks(run, { bodyFontSize, pageHeight: page.height }))
        pieces.push({ type: 'block', block });
      run = [];
    };
    // A slide's boxes are read by rows of boxes, left to right (a diagram's labels, panels side by side).
    for (const unit of isScannedSlide(page) ? sortRows(units) : readingOrder(units)) {
      if (unit.type === 'text') {
        if (unit.isBox) flush();
        run.push(...unit.segments);
        if (unit.isBox) flush();
        continue;
      }
      flush();
      if (unit.type === 'figure') pieces.push({ type: 'figure', unit });
      else pieces.push({ type: 'table', unit });
    }
    flush();
    for (const segment of footers) pieces.push({ type: 'band', kind: 'page-footer', segment });
    if (isScannedSlide(page)) markSlideTitle(pieces, page.height, picturesOnScan(page), slideTitles);
    return pieces;
  });

  const headingBlocksOf = (textLayer: boolean): TextBlock[] =>
    pagePieces
      .filter((_, index) => parsed.pages[index]?.hasTextLayer === textLayer)
      .flat()
      .flatMap((p) => (p.type === 'block' && p.block.kind === 'heading' ? [p.block] : []));
  const candidate = (b: TextBlock): HeadingCandidate => ({
    text: b.text,
    fontSize: b.fontSize,
    bold: b.bold,
    lineCount: b.segments.length,
  });
  const textLayerLevel = headingLevels(headingBlocksOf(true).map(candidate));
  // OCR box heights wobble by a point or two between lines of one size: sizes within 15 % share a level.
  const ocrLevel = headingLevels(headingBlocksOf(false).map(candidate), { sizeTolerance: 0.15 });

  const elements: LayoutElement[] = [];
  const figureUnits = new Map<string, FigureUnit>();
  pagePieces.forEach((pieces, index) => {
    const page = parsed.pages[index];
    if (!page) return;
    const source = page.hasTextLayer ? 'text-layer' : 'ocr';
    let order = 0;
    const push = (
      partial: Omit<LayoutElement, 'key' | 'order' | 'pageNumber' | 'source'> & {
        source?: LayoutElement['source'];
      },
    ): LayoutElement => {
      const element: LayoutElement = {
        key: `p${page.number}-e${order}`,
        pageNumber: page.number,
        order,
        source: partial.source ?? source,
        kind: partial.kind,
        text: partial.text,
        bbox: roundBox(partial.bbox),
        description: partial.description,
        headingLevel: partial.headingLevel,
        captionOf: partial.captionOf,
        ...(partial.cells ? { cells: partial.cells } : {}),
      };
      order++;
      elements.push(element);
      return element;
    };
    for (const piece of pieces) {
      switch (piece.type) {
        case 'band':
          push({
            kind: piece.kind,
            text: piece.segment.text,
            bbox: piece.segment.bbox,
            description: null,
            headingLevel: null,
            captionOf: null,
            source: piece.segment.source,
          });
          break;
        case 'figure': {
          const text = figureText(piece.unit.items);
          const element = push({
            kind: 'figure',
            text,
            bbox: piece.unit.bbox,
            description: null,
            headingLevel: null,
            captionOf: null,
          });
          figureUnits.set(element.key, piece.unit);
          break;
        }
        case 'table': {
          const { cells, cellBoxes } = piece.unit.table;
          for (const rows of splitTable(cells, maxTokens, countTokens)) {
            const chunk = rows.map((r) => cells[r] ?? []);
            push({
              kind: 'table',
              text: tableToText(chunk),
              bbox: piece.unit.bbox,
              description: tableToMarkdown(chunk),
              headingLevel: null,
              captionOf: null,
              cells: tableCellGeometry(
                chunk,
                rows.map((r) => cellBoxes[r] ?? []),
              ),
            });
          }
          break;
        }
        case 'block': {
          const { block } = piece;
          const levelOf = page.hasTextLayer ? textLayerLevel : ocrLevel;
          const headingLevel =
            block.kind !== 'heading' ? null : slideTitles.has(block) ? 1 : levelOf(candidate(block));
          const texts =
            block.kind === 'heading' ? [block.text] : splitByTokens(block.text, maxTokens, countTokens);
          const boxes = splitBox(block.bbox, texts);
          texts.forEach((text, k) => {
            push({
              kind: block.kind,
              text,
              bbox: boxes[k] ?? block.bbox,
              description: null,
              headingLevel,
              captionOf: null,
              source: block.segments[0]?.source,
            });
          });
          break;
        }
      }
    }
  });

  linkCaptions(elements);
  linkTitles(elements);
  describeFigures(elements, figureUnits);

  const pageCount = parsed.pageCount;
  const { title, coverKeys } = readTitle({
    metadataTitle: parsed.title,
    firstPageItems: parsed.pages[0]?.items ?? [],
    firstPageElements: elements.filter((e) => e.pageNumber === 1),
    firstPagePictures: parsed.pages[0] ? picturesOnScan(parsed.pages[0]) : [],
    // A lone scanned cover has no body of its own to compare with: the text pages' body stands in.
    bodyFontSize:
      parsed.pages[0]?.hasTextLayer === false && parsed.pages.filter((p) => !p.hasTextLayer).length > 1
        ? ocrBody
        : textLayerBody,
    fileName: opts.fileName,
  });
  const sections = parsed.outline.length
    ? sectionsFromOutline(
        parsed.outline,
        pageCount,
        parsed.pages.map((p) => p.height),
        elements,
      )
    : [];
  // A deck whose first slide already carries content (no bare cover): its title opens the first section too. A
  // cover's date, authors and logo are a few words; content is a paragraph or a list.
  const firstSlideBodyWords = elements
    .filter((e) => e.pageNumber === 1 && !coverKeys.has(e.key) && BODY_KINDS.has(e.kind))
    .reduce((n, e) => n + (e.text.match(/\p{L}{2,}/gu) ?? []).length, 0);
  const firstSlideHasBody = firstSlideBodyWords >= SLIDE_BODY_WORDS;
  const sectionCoverKeys =
    documentKind(parsed.pages) === 'SLIDES' && firstSlideHasBody ? new Set<string>() : coverKeys;
  const finalSections = sections.length
    ? sections
    : sectionsFromHeadings(elements, pageCount, sectionCoverKeys);
  const mentions = resolveCrossReferences(elements, finalSections, pageCount);
  const mentioned = new Set(mentions.map((r) => `${r.fromKey}>${JSON.stringify(r.target)}`));
  const crossReferences = [
    ...mentions,
    ...contentsLinks(elements, finalSections).filter(
      (r) => !mentioned.has(`${r.fromKey}>${JSON.stringify(r.target)}`),
    ),
  ];

  const pages = parsed.pages.map((page) => ({
    number: page.number,
    width: page.width,
    height: page.height,
    hasTextLayer: page.hasTextLayer,
    text: elements
      .filter(
        (e) => e.pageNumber === page.number && e.kind !== 'page-header' && e.kind !== 'page-footer' && e.text,
      )
      .map((e) => e.text)
      .join('\n\n'),
  }));

  return {
    title,
    pageCount,
    pages,
    elements,
    sections: finalSections,
    crossReferences,
  };
}

/**
 * On a scanned slide the title is the one heading (a deck's sections come from slide titles); other large
 * lines on a slide are its content, kept as paragraphs so the slide is not cut into heading-led fragments.
 */
function markSlideTitle(
  pieces: PagePiece[],
  pageHeight: number,
  pictures: BBox[],
  titles: Set<TextBlock>,
): void {
  const blocks = pieces.flatMap((p) => (p.type === 'block' ? [p.block] : []));
  const title = slideTitle(blocks, pageHeight, pictures);
  for (const block of blocks) {
    if (block === title) block.kind = 'heading';
    else if (block.kind === 'heading') block.kind = 'paragraph';
  }
  if (title) titles.add(title);
}

function figureText(items: TextItem[]): string {
  const rows = groupRows(buildSegments(items));
  return joinLines(rows.map((row) => row.map((s) => s.text).join(' ')));
}

/** Figure kind and description, once captions are linked: "chart" when the caption or labels say so. */
function describeFigures(elements: LayoutElement[], units: Map<string, FigureUnit>): void {
  const captionFor = new Map<string, LayoutElement>();
  for (const e of elements) if (e.captionOf) captionFor.set(e.captionOf, e);
  for (const element of elements) {
    const unit = units.get(element.key);
    if (!unit) continue;
    const caption = captionFor.get(element.key)?.text ?? null;
    element.kind = figureKind(unit.items, caption);
    const parts = [caption, element.text ? `Text in the ${element.kind}: ${element.text}` : null].filter(
      Boolean,
    );
    element.description = parts.length ? parts.join('\n') : null;
  }
}
