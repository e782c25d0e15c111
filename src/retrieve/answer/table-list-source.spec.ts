import type { AnswerElement } from '../extractive-answer';
import { markdownRows } from './table-grid';
import { tableColumnCandidate } from './table-list-source';
import { evidenceFrom, evidencePage } from './testing/evidence-builders';
import type { EvidencePage } from './typed-answer';

const table = (pageNumber: number, markdown: string): AnswerElement => ({
  docId: 'd',
  pageNumber,
  elementId: `d:p${pageNumber}-e1`,
  kind: 'table',
  text: markdown.replace(/\|/g, ' '),
  description: markdown,
  bbox: [72, 100, 520, 300],
});
const page = (pageNumber: number, step: number, elements: AnswerElement[]): EvidencePage =>
  evidencePage(pageNumber, elements, { step, score: 0.5 });

const FLEET_1 = '| Vessel | Built | Route |\n|---|---|---|\n| Gull | 1998 | North |\n| Tern | 2004 | South |';
const FLEET_2 = '| Vessel | Built | Route |\n|---|---|---|\n| Puffin | 2011 | East |';

describe('markdownRows', () => {
  it('reads a markdown grid without its separator row', () => {
    expect(markdownRows(FLEET_2)).toEqual([
      ['Vessel', 'Built', 'Route'],
      ['Puffin', '2011', 'East'],
    ]);
  });
});

describe('tableColumnCandidate', () => {
  const fleet = [page(6, 1, [table(6, FLEET_1)]), page(7, 2, [table(7, FLEET_2)])];

  it('lists the column the question names, continued on the next page, each cell cited with its step', () => {
    const found = tableColumnCandidate(
      evidenceFrom('Which vessels does the ferry company run?', 'LIST', fleet),
    );
    expect(found?.answer).toMatchObject({ kind: 'LIST', items: ['Gull', 'Tern', 'Puffin'] });
    expect(found?.citations.map((c) => [c.pageNumber, c.step, c.quote])).toEqual([
      [6, 1, 'Gull'],
      [6, 1, 'Tern'],
      [7, 2, 'Puffin'],
    ]);
  });

  it('counts the cells of that column', () => {
    const found = tableColumnCandidate(evidenceFrom('How many vessels are in the fleet?', 'COUNT', fleet));
    expect(found?.answer).toMatchObject({
      kind: 'COUNT',
      value: '3',
      unit: 'vessel',
      text: '3 (Vessel): Gull; Tern; Puffin [p. 6, p. 7]',
    });
    expect(found?.analysis).toBe('Counted the cells of the table column "Vessel" (p. 6, p. 7).');
  });

  it('counts no column for "how many more": that asks for a difference of values', () => {
    expect(
      tableColumnCandidate(
        evidenceFrom('How many more vessels are in the fleet than in the harbour?', 'COUNT', fleet),
      ),
    ).toBeNull();
  });

  it('answers nothing when no header names the subject, or for other kinds', () => {
    expect(tableColumnCandidate(evidenceFrom('List the captains of the fleet.', 'LIST', fleet))).toBeNull();
    expect(tableColumnCandidate(evidenceFrom('Which vessels run?', 'TEXT', fleet))).toBeNull();
  });

  it('lists a repeated cell once and keeps the last n rows when the question asks for them', () => {
    const routes =
      '| Route | Vessel |\n|---|---|\n| North | Gull |\n| North | Gull |\n| South | Tern |\n| East | Puffin |';
    const found = tableColumnCandidate(
      evidenceFrom('What are the last 2 routes in the timetable?', 'LIST', [page(3, 1, [table(3, routes)])]),
    );
    expect(found?.answer.items).toEqual(['South', 'East']);
    const all = tableColumnCandidate(
      evidenceFrom('Which routes does the timetable show?', 'LIST', [page(3, 1, [table(3, routes)])]),
    );
    expect(all?.answer.items).toEqual(['North', 'South', 'East']);
  });
});
