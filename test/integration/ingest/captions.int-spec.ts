// Captions, cross-references and titles on generated born-digital PDFs parsed by pdf.js (no database needed): a
// page like a Pew report's chart page (bold title, "% who say" subtitle, vector bars, a note), a page like a 10-K's
// statement page (title, units line, ruled table), running text that cites them, and the title fallbacks.
import { analyzeLayout } from '../../../src/ingest/layout/analyze-layout';
import { parsePdf } from '../../../src/ingest/pdf/pdf-parser';
import type { DocumentModel } from '../../../src/document/document-model';
import { makeStructuredPdf, type PdfBlock } from '../../support/make-structured-pdf';

const body = (text: string): PdfBlock => ({ type: 'paragraph', text });

const PAGES: PdfBlock[][] = [
  [
    { type: 'heading', text: 'Harbour Survey 2024', size: 26 },
    body('This report describes how residents see the harbour. The chart on page 2 and Note 3 give details.'),
  ],
  [
    { type: 'heading', text: '1 Views of the harbour' },
    body('Most residents approve of the harbour, as the chart below shows. Item 7 covers the finances.'),
    { type: 'title', text: 'Most residents say the harbour is well run', size: 12 },
    { type: 'title', text: '% who say the harbour is __', size: 9, bold: false },
    {
      type: 'bars',
      values: [62, 24, 14, 48, 35, 51, 29],
      labels: ['All residents', 'Ages 18-29', 'Ages 30-49', 'Ages 50-64', 'Ages 65+', 'Owners', 'Renters'],
    },
    body('Note: Survey of 1,000 residents. Source: Harbour Survey.'),
  ],
  [
    { type: 'heading', text: 'Item 7. Financial Statements' },
    { type: 'title', text: 'CONSOLIDATED STATEMENTS OF OPERATIONS' },
    { type: 'title', text: '(in thousands)', size: 9, bold: false },
    {
      type: 'table',
      rows: [
        ['', '2024', '2023'],
        ['Revenues', '1,200', '1,100'],
        ['Operating expenses', '900', '850'],
        ['Net income', '300', '250'],
      ],
    },
    { type: 'heading', text: 'Note 3. Income Taxes', size: 13 },
    body(
      'Income taxes are described here; see Table 1 in the annual report of another company for comparison.',
    ),
  ],
];

describe('captions and references on generated report and filing pages', () => {
  let model: DocumentModel;

  beforeAll(async () => {
    model = analyzeLayout(await parsePdf(await makeStructuredPdf(PAGES)), { fileName: 'harbour-survey.pdf' });
  });

  it('links the chart to its bold title, not to its subtitle or note', () => {
    const chart = model.elements.find(
      (e) => e.pageNumber === 2 && (e.kind === 'chart' || e.kind === 'figure'),
    );
    expect(chart).toBeDefined();
    const captions = model.elements.filter((e) => e.captionOf === chart?.key);
    expect(captions.map((c) => c.text)).toEqual(['Most residents say the harbour is well run']);
  });

  it('links the statement table to its title above the units line', () => {
    const table = model.elements.find((e) => e.pageNumber === 3 && e.kind === 'table');
    expect(table?.text).toContain('Net income');
    const captions = model.elements.filter((e) => e.captionOf === table?.key);
    expect(captions.map((c) => c.text)).toEqual(['CONSOLIDATED STATEMENTS OF OPERATIONS']);
  });

  it('resolves "page 2", "Note 3" and "Item 7" in running text to the page and the sections they name', () => {
    const byMention = new Map(model.crossReferences.map((r) => [r.mention, r.target]));
    expect(byMention.get('page 2')).toEqual({ type: 'page', pageNumber: 2 });
    const sectionTitle = (key: string | undefined) => model.sections.find((s) => s.key === key)?.title;
    const note = byMention.get('Note 3');
    const item = byMention.get('Item 7');
    expect(note?.type === 'section' ? sectionTitle(note.key) : note).toBe('Note 3. Income Taxes');
    expect(item?.type === 'section' ? sectionTitle(item.key) : item).toBe('Item 7. Financial Statements');
    expect(byMention.has('Table 1')).toBe(false); // no such table here
  });

  it('titles the document by its largest first-page heading when the PDF has no title metadata', () => {
    expect(model.title).toBe('Harbour Survey 2024');
  });

  it('titles an untitled document without headings by its file name', async () => {
    const plain = await makeStructuredPdf([[body('Just a short note without any heading at all.')]]);
    expect(analyzeLayout(await parsePdf(plain), { fileName: 'notes-2024.pdf' }).title).toBe('notes-2024');
    const coded = await makeStructuredPdf([[body('Another note.')]], {
      metadataTitle: '0001065280-16-000006',
    });
    expect(analyzeLayout(await parsePdf(coded), { fileName: 'filing.pdf' }).title).toBe('filing');
  });
});
