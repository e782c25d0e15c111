import { markdownTable, percentile, reconcile, summarize, type UploadedDocument } from './load-report';

const whole: UploadedDocument = {
  id: 'd1',
  status: 'READY',
  pageCount: 3,
  elementCount: 5,
  pageNumbers: [2, 1, 3],
  pageElementCounts: [2, 2, 1],
  nodes: { Document: 1, Page: 3, Element: 5 },
  relationships: { HAS_PAGE: 3, NEXT_PAGE: 2, HAS_ELEMENT: 5 },
};

describe('load benchmark report', () => {
  it('takes nearest-rank percentiles', () => {
    const values = [5, 1, 4, 2, 3, 6, 7, 8, 9, 10];
    expect(percentile(values, 0.5)).toBe(5);
    expect(percentile(values, 0.95)).toBe(10);
    expect(percentile([], 0.5)).toBe(0);
  });

  it('summarizes each kind with throughput over the wall time and its error codes, typed refusals apart', () => {
    const rows = summarize(4, 2000, [
      { kind: 'search', ms: 100, ok: true },
      { kind: 'search', ms: 300, ok: false, error: 'SERVICE_UNAVAILABLE' },
      { kind: 'upload', ms: 900, ok: true },
      { kind: 'analytics', ms: 50, ok: false, error: 'ANALYTICS_BUSY' },
      { kind: 'analytics', ms: 700, ok: true },
    ]);
    expect(rows.map((r) => r.kind)).toEqual(['upload', 'search', 'analytics']);
    expect(rows[1]).toMatchObject({ requests: 2, errors: 1, refused: 0, throughput: 1, p50: 100, p95: 300 });
    expect(rows[1]!.errorCodes).toEqual({ SERVICE_UNAVAILABLE: 1 });
    expect(rows[2]).toMatchObject({ requests: 2, errors: 0, refused: 1, errorCodes: { ANALYTICS_BUSY: 1 } });
    expect(markdownTable(rows)).toContain('| 4 | search | 2 | 1 | 0 | 1 | 100 | 300 | 300 |');
  });

  it('finds a whole document consistent and names what a broken one lacks', () => {
    expect(reconcile(whole)).toEqual([]);
    const broken = reconcile({
      ...whole,
      status: 'INGESTING',
      pageNumbers: [1, 2],
      relationships: { HAS_PAGE: 3, NEXT_PAGE: 1, HAS_ELEMENT: 4 },
    });
    expect(broken).toEqual([
      'd1: status is INGESTING, expected READY',
      'd1: NEXT_PAGE edges is 1, expected 2',
      'd1: HAS_ELEMENT edges is 4, expected 5',
      'd1: page numbers are not exactly 1..3',
    ]);
  });
});
