import type { CentralPage } from '../analytics/analytics.types';
import { centralPageRows } from './analyze-format';

const page = (docId: string, pageNumber: number, score: number, title: string): CentralPage => ({
  pageId: `${docId}:${pageNumber}`,
  docId,
  pageNumber,
  score,
  title,
});

describe('centralPageRows', () => {
  it('labels a page of one document "p. N", not by its page id', () => {
    const rows = centralPageRows([
      page('73b54e5e0b1b0b33', 61, 1.23456, 'Item 7. Management’s discussion'),
      page('73b54e5e0b1b0b33', 4, 0.5, 'Contents'),
    ]);
    expect(rows).toEqual([
      ['p. 61', '1.235', 'Item 7. Management’s discussion'],
      ['p. 4', '0.500', 'Contents'],
    ]);
  });

  it('names the document when the pages span several', () => {
    const names: Record<string, string> = { a1: 'Annual report', b2: 'Manual' };
    const rows = centralPageRows([page('a1', 3, 2, 'x'), page('b2', 9, 1, 'y')], (id) => names[id] ?? id);
    expect(rows.map((r) => r[0])).toEqual(['Annual report p. 3', 'Manual p. 9']);
  });

  it('cuts long page titles to 70 characters', () => {
    const [row] = centralPageRows([page('a1', 1, 1, 't'.repeat(100))]);
    expect(row?.[2]).toHaveLength(70);
  });
});
