import type { BBox } from '../../document/document-model';
import type { AnswerElement } from '../extractive-answer';
import { mergeContinuationRows } from './continuation-rows';
import { parseTableGrid } from './table-grid';
import { GRID, tableElement as storedTable } from './testing/evidence-builders';

/** A table element as ingest stores it on tight 14-point rows, each filled cell with its own box. */
const tableElement = (rows: string[][]): AnswerElement =>
  storedTable(rows, { grid: { ...GRID, row: 14, height: 10 } });

describe('mergeContinuationRows', () => {
  it('joins a text row with an empty label onto the row above, cell by cell, and unions the boxes', () => {
    const texts = [
      ['Sensor', 'Range', 'Use'],
      ['Lidar unit', 'up to 200 m', 'mapping of the'],
      ['', 'in daylight', 'street ahead'],
      ['Radar', '150 m', 'speed'],
    ];
    const boxes = new Map<string, BBox>([
      ['1:2', [300, 114, 420, 124]],
      ['2:2', [300, 128, 400, 138]],
      ['3:0', [72, 142, 200, 152]],
    ]);
    const merged = mergeContinuationRows(texts, boxes);
    expect(merged.texts).toEqual([
      ['Sensor', 'Range', 'Use'],
      ['Lidar unit', 'up to 200 m in daylight', 'mapping of the street ahead'],
      ['Radar', '150 m', 'speed'],
    ]);
    expect(merged.boxes.get('1:2')).toEqual([300, 114, 420, 138]);
    expect(merged.boxes.get('2:0')).toEqual([72, 142, 200, 152]);
    expect(merged.boxes.has('3:0')).toBe(false);
  });

  it('keeps rows with an empty label that print numbers, dashes or periods: they are real rows', () => {
    const texts = [
      ['', '2022', '2021'],
      ['Product revenue', '410', '380'],
      ['', '25', '—'],
      ['', 'Restated 2021', ''],
      ['Total', '435', '380'],
    ];
    expect(mergeContinuationRows(texts).texts).toEqual(texts);
  });

  it('never merges into the header row, nor below a row without a label', () => {
    const texts = [
      ['Name', 'Role'],
      ['', 'Chair'],
      ['', 'of the board'],
      ['Director', 'audit'],
    ];
    expect(mergeContinuationRows(texts).texts).toEqual(texts);
  });
});

describe('parseTableGrid with continuation rows', () => {
  it('reads a wrapped text cell as part of its row, not as a group label over the rows below', () => {
    const grid = parseTableGrid(
      tableElement([
        ['(In millions)', 'Segment', '2022', '2021'],
        ['Licences', 'software and', '120', '100'],
        ['', 'cloud services', '', ''],
        ['Hardware', 'devices', '80', '95'],
      ]),
    )!;
    expect(grid.rows.map((r) => [r.label, r.parent])).toEqual([
      ['Licences', null],
      ['Hardware', null],
    ]);
    expect(grid.rows[0]!.values.map((v) => v?.amount.value)).toEqual([120, 100]);
  });

  it('keeps a statement sub-row without a label but with values as its own row', () => {
    const grid = parseTableGrid(
      tableElement([
        ['(In millions)', '2022', '2021'],
        ['Other income', '', ''],
        ['Interest', '12', '9'],
        ['', '(3)', '(2)'],
        ['Total other income', '9', '7'],
      ]),
    )!;
    expect(grid.rows.map((r) => r.values.map((v) => v?.amount.value))).toEqual([
      [12, 9],
      [-3, -2],
      [9, 7],
    ]);
  });
});
