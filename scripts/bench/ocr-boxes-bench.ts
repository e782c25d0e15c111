// Do elements of scanned slides mix text boxes? OCRs the scanned dev decks once (cached, see ocr-boxes-cache.ts),
// runs layout analysis on the readings, and checks each element against the detector's text pieces it is made of
// (ocr-boxes-metrics.ts): side by side (pieces in columns side by side sharing rows, one of them two or more lines), stacked
// (rows more than 2 line heights apart), and for tables the share of rows with two or more cells. Writes the
// table, the flagged elements and a listing of every element (for looking at pages) under --out.
//
//   npx tsx scripts/bench/ocr-boxes-bench.ts [--pdfs ../shared/bench/pdfs] [--questions ../shared/bench/dev-questions.jsonl]
//                                            [--out bench-results/ocr-boxes] [--label after] [--decks a.pdf,b.pdf]
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { BBox, ParsedPage } from '../../src/document/document-model';
import { analyzeLayout } from '../../src/ingest/layout/analyze-layout';
import { PaddleOcr } from '../../src/ingest/ocr/paddle-ocr';
import { ocrLinesToTextItems } from '../../src/ingest/ocr/ocr-page';
import { parsePdf } from '../../src/ingest/pdf/pdf-parser';
import { benchDocuments } from './captions-documents';
import { type CachedOcrPage, cachedOcr } from './ocr-boxes-cache';
import { checkElement, type Piece, piecesOf } from './ocr-boxes-metrics';

interface Args {
  pdfs: string;
  questions: string;
  out: string;
  label: string;
  /** Only these decks (file names); default: every scanned dev deck. */
  decks: string[] | null;
}

function parseArgs(argv: string[]): Args {
  const args: Args = {
    pdfs: '../shared/bench/pdfs',
    questions: '../shared/bench/dev-questions.jsonl',
    out: 'bench-results/ocr-boxes',
    label: 'current',
    decks: null,
  };
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1]];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    if (flag === '--pdfs') args.pdfs = value;
    else if (flag === '--questions') args.questions = value;
    else if (flag === '--out') args.out = value;
    else if (flag === '--label') args.label = value;
    else if (flag === '--decks') args.decks = value.split(',').filter(Boolean);
    else throw new Error(`unknown option ${flag}; see the header of scripts/bench/ocr-boxes-bench.ts`);
  }
  return args;
}

/** The detector's text pieces of a page in PDF points. */
function pieces(page: CachedOcrPage): Piece[] {
  return page.lines.flatMap((line) =>
    line.segments.map((s) => ({
      text: s.text,
      bbox: [
        s.box[0] / page.scaleX,
        s.box[1] / page.scaleY,
        s.box[2] / page.scaleX,
        s.box[3] / page.scaleY,
      ] as BBox,
    })),
  );
}

/** A table with fewer rows of two or more cells than this share is no grid: it spans separate boxes. */
const MIN_GRID_SHARE = 0.6;

interface Counts {
  pages: number;
  elements: number;
  sideBySide: number;
  stacked: number;
  tables: number;
  noGrid: number;
  headings: number;
  sections: number;
}

function row(name: string, c: Counts): string {
  return `| ${name} | ${c.pages} | ${c.elements} | ${c.sideBySide} | ${c.stacked} | ${c.tables} (${c.noGrid}) | ${c.headings} | ${c.sections} |`;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const decks = benchDocuments(args.questions).filter(
    (d) => d.imageOnly && (!args.decks || args.decks.includes(d.fileName)),
  );
  let engine: Promise<PaddleOcr> | undefined;
  const load = (): Promise<PaddleOcr> => (engine ??= PaddleOcr.load({ threads: 1 }));
  const rows: string[] = [];
  const flagged: string[] = [];
  const listing: string[] = [];
  const zero = {
    pages: 0,
    elements: 0,
    sideBySide: 0,
    stacked: 0,
    tables: 0,
    noGrid: 0,
    headings: 0,
    sections: 0,
  };
  const totals = { ...zero };
  for (const deck of decks) {
    const pdfPath = path.join(args.pdfs, deck.fileName);
    const log = (l: string): boolean => process.stderr.write(`${l}\n`);
    const ocr = await cachedOcr(pdfPath, path.join(args.out, 'cache'), load, log);
    const parsed = await parsePdf(new Uint8Array(fs.readFileSync(pdfPath)));
    const byNumber = new Map(ocr.pages.map((p) => [p.number, p]));
    parsed.pages = parsed.pages.map((page): ParsedPage => {
      const read = byNumber.get(page.number);
      if (page.hasTextLayer || !read) return page;
      const { lines, scaleX, scaleY, bold } = read;
      const items = ocrLinesToTextItems(lines, scaleX, scaleY, page.width, page.height, bold);
      return { ...page, items, scanFigures: read.figures };
    });
    const model = analyzeLayout(parsed, { fileName: deck.fileName });
    const counts = { ...zero, pages: ocr.pages.length, sections: model.sections.length };
    for (const element of model.elements) {
      const where = `${deck.fileName} p.${element.pageNumber} #${element.order} ${element.kind}`;
      const text = element.text.replace(/\s+/g, ' ');
      listing.push(`${where} [${element.bbox.map(Math.round).join(',')}]: ${text}`);
      const read = byNumber.get(element.pageNumber);
      if (!read || element.kind === 'figure' || element.kind === 'chart') continue;
      counts.elements++;
      if (element.kind === 'heading') counts.headings++;
      const check = checkElement(piecesOf(element, pieces(read)));
      const problems: string[] = [];
      if (element.kind === 'table') {
        counts.tables++;
        if (check.gridShare < MIN_GRID_SHARE) problems.push(`no grid (${check.gridShare.toFixed(2)})`);
        counts.noGrid += problems.length;
      } else {
        if (check.sideBySide) problems.push('side by side');
        if (check.stacked) problems.push('stacked');
        counts.sideBySide += check.sideBySide ? 1 : 0;
        counts.stacked += check.stacked ? 1 : 0;
      }
      if (problems.length) flagged.push(`${where} (${problems.join(', ')}): ${text.slice(0, 200)}`);
    }
    for (const key of Object.keys(totals) as Array<keyof typeof totals>) totals[key] += counts[key];
    rows.push(row(deck.fileName.slice(0, 40), counts));
  }
  await (await engine)?.close();
  const report = [
    `### ${args.label}`,
    '',
    '| deck | OCR pages | text elements | mixing side by side | mixing stacked | tables (no grid) | headings | sections |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
    row('**all**', totals),
    '',
  ].join('\n');
  fs.mkdirSync(args.out, { recursive: true });
  fs.writeFileSync(path.join(args.out, `${args.label}.md`), `${report}\n${flagged.join('\n')}\n`);
  fs.writeFileSync(path.join(args.out, `${args.label}-elements.txt`), `${listing.join('\n')}\n`);
  process.stdout.write(`${report}\n`);
}

void main();
