// Parsing + layout analysis on real PDFs (no database needed): the generated sample report, a Debian R manual,
// and the error codes.
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { DocumentModel } from '../../../src/document/document-model';
import { analyzeLayout } from '../../../src/ingest/layout/analyze-layout';
import { parsePdf } from '../../../src/ingest/pdf/pdf-parser';
import { PdfError, PdfErrorCode } from '../../../src/ingest/pdf/pdf.errors';

const FIXTURES = path.resolve(__dirname, '../../fixtures/pdf');
const R_DATA = '/usr/share/doc/r-doc-pdf/manual/R-data.pdf';

function fixture(name: string): Uint8Array {
  return new Uint8Array(readFileSync(path.join(FIXTURES, name)));
}

async function expectPdfError(promise: Promise<unknown>, code: PdfErrorCode): Promise<void> {
  const error: unknown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PdfError);
  expect((error as PdfError).code).toBe(code);
}

describe('sample-report.pdf', () => {
  let model: DocumentModel;
  const progress: Array<[number, number]> = [];

  beforeAll(async () => {
    const parsed = await parsePdf(fixture('sample-report.pdf'), {
      onPage: (n, total) => progress.push([n, total]),
    });
    model = analyzeLayout(parsed);
  });

  it('reports progress page by page', () => {
    expect(progress).toEqual([
      [1, 4],
      [2, 4],
      [3, 4],
      [4, 4],
    ]);
  });

  it('builds sections from the outline with page ranges', () => {
    expect(model.sections.map((s) => [s.path, s.level, s.pageStart, s.pageEnd, s.source])).toEqual([
      ['1 Introduction', 1, 1, 1, 'outline'],
      ['2 Methods', 1, 1, 2, 'outline'],
      ['2 Methods > 2.1 Data', 2, 2, 2, 'outline'],
      ['3 Results', 1, 3, 3, 'outline'],
      ['Appendix A', 1, 4, 4, 'outline'],
    ]);
    const data = model.sections[2];
    expect(data?.parentKey).toBe(model.sections[1]?.key);
    const tableKey = model.elements.find((e) => e.kind === 'table')?.key;
    expect(data?.elementKeys).toContain(tableKey);
  });

  it('undoes the hyphenated line break', () => {
    const intro = model.elements.find((e) => e.text.startsWith('Long reports hide'));
    expect(intro?.kind).toBe('paragraph');
    expect(intro?.text).toContain('keeps the information that a flat text extraction loses');
  });

  it('renders the ruled table as a Markdown grid and links its caption', () => {
    const table = model.elements.find((e) => e.kind === 'table');
    expect(table?.pageNumber).toBe(2);
    expect(table?.description).toContain('| Method | Recall@3 | Latency (ms) |');
    expect(table?.description).toContain('| Graph walk + rerank | 0.75 | 410 |');
    const caption = model.elements.find((e) => e.kind === 'caption' && e.text.startsWith('Table 1:'));
    expect(caption?.captionOf).toBe(table?.key);
  });

  it('links the "Figure 1" caption to the embedded image', () => {
    const figure = model.elements.find((e) => e.kind === 'figure');
    expect(figure?.pageNumber).toBe(2);
    const caption = model.elements.find((e) => e.kind === 'caption' && e.text.startsWith('Figure 1:'));
    expect(caption?.captionOf).toBe(figure?.key);
    expect(figure?.description).toContain('Figure 1: The ingest pipeline');
  });

  it('reads the two-column page column by column after the full-width heading', () => {
    const text = model.pages[2]?.text ?? '';
    const at = (s: string): number => text.indexOf(s);
    expect(at('3 Results')).toBeGreaterThanOrEqual(0);
    expect(at('3 Results')).toBeLessThan(at('ALPHA-LEFT'));
    expect(at('ALPHA-LEFT')).toBeLessThan(at('OMEGA-LEFT'));
    expect(at('OMEGA-LEFT')).toBeLessThan(at('ALPHA-RIGHT'));
    expect(at('ALPHA-RIGHT')).toBeLessThan(at('OMEGA-RIGHT'));
  });

  it('marks running headers, footers and the footnote', () => {
    expect(model.elements.filter((e) => e.kind === 'page-header')).toHaveLength(4);
    expect(model.elements.filter((e) => e.kind === 'page-footer').map((e) => e.text)).toEqual([
      'Page 1 of 4',
      'Page 2 of 4',
      'Page 3 of 4',
      'Page 4 of 4',
    ]);
    expect(model.pages[0]?.text).not.toContain('Page 1 of 4');
    const footnote = model.elements.find((e) => e.kind === 'footnote');
    expect(footnote?.text).toMatch(/^1 The sample data were generated synthetically/);
  });

  it('resolves the cross-references', () => {
    const table = model.elements.find((e) => e.kind === 'table');
    const figure = model.elements.find((e) => e.kind === 'figure');
    const refs = model.crossReferences.filter((r) => r.fromKey.startsWith('p1-'));
    const byMention = Object.fromEntries(refs.map((r) => [r.mention, r.target]));
    expect(byMention['Table 1']).toEqual({ type: 'element', key: table?.key });
    expect(byMention['Figure 1']).toEqual({ type: 'element', key: figure?.key });
    expect(byMention['Section 2.1']).toEqual({ type: 'section', key: model.sections[2]?.key });
    expect(byMention['Appendix A']).toEqual({ type: 'section', key: model.sections[4]?.key });
    expect(byMention['page 4']).toEqual({ type: 'page', pageNumber: 4 });
    // A caption does not refer to its own figure.
    const captionKeys = new Set(model.elements.filter((e) => e.kind === 'caption').map((e) => e.key));
    expect(model.crossReferences.filter((r) => captionKeys.has(r.fromKey))).toEqual([]);
  });
});

describe('no-text-layer.pdf', () => {
  it('has no text layer', async () => {
    const parsed = await parsePdf(fixture('no-text-layer.pdf'), {});
    expect(parsed.pages[0]?.hasTextLayer).toBe(false);
    expect(parsed.pages[0]?.images.length).toBe(1);
  });
});

// r-doc-pdf is installed by scripts/test.sh (the README's test command); a missing manual is a failure, not a skip.
describe('R Data Import/Export manual (Debian r-doc-pdf)', () => {
  let model: DocumentModel;

  beforeAll(async () => {
    if (!existsSync(R_DATA)) throw new Error(`${R_DATA} is missing: apt-get install r-doc-pdf`);
    model = analyzeLayout(await parsePdf(new Uint8Array(readFileSync(R_DATA)), {}));
  });

  it('takes its sections from the outline, with page ranges checked against pdftotext', () => {
    expect(model.pageCount).toBe(41);
    const byTitle = new Map(model.sections.map((s) => [s.title, s]));
    expect(byTitle.get('1 Introduction')).toMatchObject({
      level: 1,
      pageStart: 7,
      pageEnd: 11,
      source: 'outline',
    });
    expect(byTitle.get('2 Spreadsheet-like data')).toMatchObject({ level: 1, pageStart: 12, pageEnd: 18 });
    expect(byTitle.get('Variations on read.table')).toMatchObject({
      level: 2,
      pageStart: 12,
      pageEnd: 15,
      path: '2 Spreadsheet-like data > Variations on read.table',
    });
    expect(byTitle.get('3 Importing from other statistical systems')).toMatchObject({
      pageStart: 19,
      pageEnd: 20,
    });
  });

  it('finds the contingency table on page 18', () => {
    const table = model.elements.find((e) => e.kind === 'table' && e.pageNumber === 18);
    expect(table?.text).toContain('Admitted');
    expect(table?.text).toContain('Rejected');
  });

  it('detects the running page numbers as headers', () => {
    const page12 = model.elements.filter((e) => e.pageNumber === 12);
    expect(page12[0]).toMatchObject({ kind: 'page-header', text: '8' });
    expect(page12.find((e) => e.kind === 'heading')?.text).toBe('2 Spreadsheet-like data');
  });
});

describe('parse errors', () => {
  it('rejects bytes that are not a PDF', async () => {
    await expectPdfError(
      parsePdf(new TextEncoder().encode('<html>not a pdf</html>'), {}),
      PdfErrorCode.NOT_A_PDF,
    );
  });

  it('rejects a truncated PDF as corrupt', async () => {
    const bytes = fixture('sample-report.pdf');
    await expectPdfError(parsePdf(bytes.subarray(0, 900), {}), PdfErrorCode.CORRUPT_PDF);
  });

  it('needs the password of an encrypted PDF', async () => {
    await expectPdfError(
      parsePdf(fixture('encrypted.pdf'), {}),
      PdfErrorCode.ENCRYPTED_PDF_PASSWORD_REQUIRED,
    );
    await expectPdfError(
      parsePdf(fixture('encrypted.pdf'), { password: 'wrong' }),
      PdfErrorCode.ENCRYPTED_PDF_WRONG_PASSWORD,
    );
    const parsed = await parsePdf(fixture('encrypted.pdf'), { password: 'folio-secret' });
    expect(parsed.pages[0]?.items.map((i) => i.text).join(' ')).toContain('Encrypted sample');
  });

  it('enforces maxPages', async () => {
    await expectPdfError(
      parsePdf(fixture('sample-report.pdf'), { maxPages: 3 }),
      PdfErrorCode.TOO_MANY_PAGES,
    );
  });

  it('says what was wrong and what to do', async () => {
    const error = (await parsePdf(fixture('encrypted.pdf'), {}).then(
      () => null,
      (e: unknown) => e,
    )) as PdfError;
    expect(error.message).toMatch(/password/i);
    expect(error.message).toMatch(/try again/i);
  });
});
