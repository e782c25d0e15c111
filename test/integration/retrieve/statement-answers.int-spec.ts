import { metricSource } from '../../../src/retrieve/answer/metric-source';
import { tableCellSource } from '../../../src/retrieve/answer/table-cell-source';
import type { AnswerEvidence, EvidencePage } from '../../../src/retrieve/answer/typed-answer';
import type { BBox } from '../../../src/document/document-model';
import { RetrieveRepository } from '../../../src/retrieve/retrieve.repository';
import { createIngestContext, IngestContext } from '../../support/ingest-context';
import { makeStructuredPdf, type PdfBlock } from '../../support/make-structured-pdf';

// A two-page statement written for this test (balance sheet on p. 1, statement of operations on p. 2), ingested for
// real: tables keep their cells' boxes in the graph, a ratio needs cells of both pages, and a table question is
// answered with the cell's own box, inside the table's box and on the row that names it. The balance sheet is
// striped as filings print it (every other row shaded cell by cell), which must not read as a bar chart.
const STATEMENTS: PdfBlock[][] = [
  [
    { type: 'heading', text: 'HARBOURLIGHT FOODS CONSOLIDATED BALANCE SHEETS', size: 14 },
    {
      type: 'table',
      striped: true,
      rows: [
        ['(In millions)', 'December 31, 2023', 'December 31, 2022'],
        ['Cash and cash equivalents', '912', '744'],
        ['Accounts receivable, net', '1,318', '1,206'],
        ['Inventories', '2,240', '1,980'],
        ['Total current assets', '4,470', '3,930'],
        ['Total assets', '9,860', '9,140'],
        ['Total current liabilities', '2,150', '2,010'],
        ['Total liabilities', '5,410', '5,230'],
        ["Total shareholders' equity", '4,450', '3,910'],
      ],
    },
  ],
  [
    { type: 'heading', text: 'HARBOURLIGHT FOODS CONSOLIDATED STATEMENTS OF OPERATIONS', size: 14 },
    {
      type: 'table',
      rows: [
        ['(In millions)', '2023', '2022'],
        ['Net sales', '14,620', '13,475'],
        ['Cost of sales', '10,080', '9,340'],
        ['Gross profit', '4,540', '4,135'],
        ['Operating income', '1,512', '1,377'],
        ['Interest expense', '(96)', '(88)'],
        ['Net income', '1,048', '951'],
      ],
    },
  ],
];

const inside = (inner: BBox, outer: BBox) =>
  inner[0] >= outer[0] - 0.5 &&
  inner[1] >= outer[1] - 0.5 &&
  inner[2] <= outer[2] + 0.5 &&
  inner[3] <= outer[3] + 0.5;

describe('answers read from statement tables', () => {
  let ctx: IngestContext;
  let docId: string;

  beforeAll(async () => {
    ctx = await createIngestContext();
    docId = `${ctx.runId}-statements`;
    await ctx.ingest.ingest(await makeStructuredPdf(STATEMENTS), { fileName: 'harbourlight.pdf', docId });
  });
  afterAll(async () => {
    await ctx.ingest.deleteDocument(docId).catch(() => undefined);
    await ctx.close();
  });

  /** The evidence an answer reads for a question: the search's top pages, their elements read from the graph. */
  async function evidenceFor(question: string, kind: AnswerEvidence['kind']): Promise<AnswerEvidence> {
    const search = await ctx.retrieve.search({
      query: question,
      strategy: 'GRAPH',
      scope: { docIds: [docId] },
      k: 3,
    });
    const pageRefs = search.pages.slice(0, 3).map(({ docId: d, pageNumber }) => ({ docId: d, pageNumber }));
    const elements = await ctx.module.get(RetrieveRepository).answerPageElements(pageRefs);
    const pages: EvidencePage[] = search.pages.slice(0, 3).map((p, i) => ({
      docId: p.docId,
      pageNumber: p.pageNumber,
      step: i + 1,
      rank: i,
      score: p.score,
      elements: elements.filter((e) => e.docId === p.docId && e.pageNumber === p.pageNumber),
    }));
    return { question, kind, pages };
  }

  it('stores each table with its cells and their boxes', async () => {
    const evidence = await evidenceFor('What were Harbourlight net sales and total assets?', 'NUMBER');
    const tables = evidence.pages.flatMap((p) => p.elements.filter((e) => e.kind === 'table'));
    expect(tables).toHaveLength(2);
    for (const table of tables) {
      const cells = table.cells!;
      expect(cells.texts.length).toBeGreaterThan(20);
      expect(cells.boxes).toHaveLength(4 * cells.texts.length);
      expect(cells.texts).toContain(table.pageNumber === 1 ? '4,470' : '14,620');
    }
  });

  it('computes the return on assets from the income statement (p. 2) and both balance sheet year-ends (p. 1)', async () => {
    const question = 'What was Harbourlight Foods return on assets in FY2023? Round to two decimal places.';
    const found = metricSource(await evidenceFor(question, 'PERCENTAGE'))!;
    // 1,048 / ((9,860 + 9,140) / 2) = 11.03 %
    expect(found.answer).toMatchObject({ kind: 'PERCENTAGE', value: '11.03', unit: '%' });
    expect(found.answer.formula).toBe(
      '11.03% = 1,048 / ((9,860 + 9,140) / 2) × 100 (net income / average total assets, FY2023, pp. 2, 1; ' +
        'an average is the mean of the FY2023 and FY2022 year-ends)',
    );
    expect(found.citations.map((c) => [c.pageNumber, c.quote])).toEqual([
      [2, 'Net income | 2023: 1,048'],
      [1, 'Total assets | December 31, 2023: 9,860'],
      [1, 'Total assets | December 31, 2022: 9,140'],
    ]);
    expect(found.analysis).toContain('each cell cited with its own box');
  });

  it('ask answers a ratio from both pages with its value, formula and the cells cited by their boxes', async () => {
    const result = await ctx.asker.ask(
      'Using the balance sheet and the statement of operations, what was Harbourlight Foods inventory turnover in FY2023?',
      { scope: { docIds: [docId] } },
    );
    expect(result.answerable).toBe(true);
    // 10,080 / ((2,240 + 1,980) / 2) = 4.78
    expect(result.answer).toMatchObject({ kind: 'NUMBER', value: '4.78', unit: 'x' });
    expect(result.answer.formula).toBe(
      '4.78 = 10,080 / ((2,240 + 1,980) / 2) (cost of revenue / average inventory, FY2023, pp. 2, 1; ' +
        'an average is the mean of the FY2023 and FY2022 year-ends)',
    );
    expect(result.citations.map((c) => [c.pageNumber, c.quote])).toEqual([
      [2, 'Cost of sales | 2023: 10,080'],
      [1, 'Inventories | December 31, 2023: 2,240'],
      [1, 'Inventories | December 31, 2022: 1,980'],
    ]);
    const elements = await ctx.module
      .get(RetrieveRepository)
      .answerPageElements([1, 2].map((pageNumber) => ({ docId, pageNumber })));
    for (const citation of result.citations) {
      const table = elements.find((e) => e.elementId === citation.elementId)!;
      expect(table.kind).toBe('table');
      expect(inside(citation.bbox!, table.bbox)).toBe(true);
      expect(citation.bbox).not.toEqual(table.bbox);
    }
  });

  it("ask answers a table question with the cell's value, unit and scale", async () => {
    const result = await ctx.asker.ask('What was Harbourlight interest expense in 2023?', {
      scope: { docIds: [docId] },
    });
    expect(result.answer).toMatchObject({ value: '-96', unit: 'USD', scale: 'millions' });
    expect(result.citations[0]).toMatchObject({ pageNumber: 2, quote: 'Interest expense | 2023: (96)' });
  });

  it('computes the current ratio with each input cell cited by its own box inside its table', async () => {
    const evidence = await evidenceFor(
      'What was the current ratio of Harbourlight Foods in FY2023?',
      'NUMBER',
    );
    const found = metricSource(evidence)!;
    expect(found.answer.value).toBe('2.08'); // 4,470 / 2,150
    expect(found.answer.formula).toBe(
      '2.08 = 4,470 / 2,150 (total current assets / total current liabilities, FY2023, p. 1)',
    );
    const table = evidence.pages
      .flatMap((p) => p.elements)
      .find((e) => e.kind === 'table' && e.pageNumber === 1)!;
    for (const citation of found.citations) {
      expect(citation.elementId).toBe(table.elementId);
      expect(inside(citation.bbox!, table.bbox)).toBe(true);
      expect(citation.bbox![2] - citation.bbox![0]).toBeLessThan((table.bbox[2] - table.bbox[0]) / 2);
    }
  });

  it('ask computes a change between two years of one row, shown with both cells cited by their boxes', async () => {
    const result = await ctx.asker.ask(
      'What was the change in Harbourlight gross profit from 2022 to 2023?',
      {
        scope: { docIds: [docId] },
      },
    );
    // 4,540 − 4,135
    expect(result.answer).toMatchObject({ kind: 'NUMBER', value: '405', unit: 'USD', scale: 'millions' });
    expect(result.answer.formula).toBe('405 = 4,540 − 4,135 (Gross profit, 2023 − Gross profit, 2022, p. 2)');
    expect(result.citations.map((c) => c.quote)).toEqual([
      'Gross profit | 2023: 4,540',
      'Gross profit | 2022: 4,135',
    ]);
    const [table] = await ctx.module
      .get(RetrieveRepository)
      .answerPageElements([{ docId, pageNumber: 2 }])
      .then((els) => els.filter((e) => e.kind === 'table'));
    for (const citation of result.citations) {
      expect(citation.elementId).toBe(table!.elementId);
      expect(inside(citation.bbox!, table!.bbox)).toBe(true);
      expect(citation.bbox).not.toEqual(table!.bbox);
    }
  });

  it('ask computes how much higher one row is than another in the year the question names', async () => {
    const result = await ctx.asker.ask(
      'How much higher were Harbourlight total assets than total liabilities in 2023?',
      { scope: { docIds: [docId] } },
    );
    expect(result.answer).toMatchObject({ value: '4450', unit: 'USD' }); // 9,860 − 5,410
    expect(result.citations.map((c) => c.quote)).toEqual([
      'Total assets | December 31, 2023: 9,860',
      'Total liabilities | December 31, 2023: 5,410',
    ]);
  });

  it("answers a table question with the cell's box, on the row that names it", async () => {
    const evidence = await evidenceFor('What was Harbourlight cost of sales in 2022?', 'NUMBER');
    const found = tableCellSource(evidence)!;
    expect(found.answer).toMatchObject({ value: '9340', unit: 'USD', scale: 'millions' });
    expect(found.citations[0]!.quote).toBe('Cost of sales | 2022: 9,340');
    const elements = evidence.pages.flatMap((p) => p.elements);
    const table = elements.find((e) => e.elementId === found.citations[0]!.elementId)!;
    const cell = found.citations[0]!.bbox!;
    expect(inside(cell, table.bbox)).toBe(true);
    // on the row that names it: the label cell's box shares the value's line, and the value is in the 2022 column
    const cells = table.cells!;
    const labelIndex = cells.texts.indexOf('Cost of sales');
    const label = cells.boxes.slice(4 * labelIndex, 4 * labelIndex + 4);
    expect(Math.abs(label[1]! - cell[1])).toBeLessThan(3);
    const headerIndex = cells.texts.indexOf('2022');
    expect(cell[0]).toBeGreaterThanOrEqual(cells.boxes[4 * headerIndex]! - 1);
  });
});
