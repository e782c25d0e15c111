// The load benchmark's arithmetic and report (load.ts does the I/O): latency percentiles, throughput per kind of
// request and level, and the graph reconciliation of each uploaded document. Pure.

export type LoadKind = 'upload' | 'search' | 'ask' | 'image' | 'analytics';

/** Codes the API answers by design when it is full (a typed refusal the client may retry), not errors. */
export const TYPED_REFUSALS: ReadonlySet<string> = new Set(['ANALYTICS_BUSY', 'RETRIEVAL_BUSY']);

export interface Sample {
  kind: LoadKind;
  ms: number;
  ok: boolean;
  /** extensions.code/reason or HTTP status when not ok. */
  error?: string;
}

export interface KindSummary {
  level: number;
  kind: LoadKind;
  requests: number;
  /** Failed requests other than typed refusals. */
  errors: number;
  /** Typed refusals (TYPED_REFUSALS). */
  refused: number;
  /** Requests finished per second over the level's wall time. */
  throughput: number;
  p50: number;
  p95: number;
  max: number;
  errorCodes: Record<string, number>;
}

/** Nearest-rank percentile (p in 0–1) of unsorted values; 0 for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil(p * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1]!;
}

export function summarize(level: number, wallMs: number, samples: readonly Sample[]): KindSummary[] {
  const kinds: LoadKind[] = ['upload', 'search', 'ask', 'image', 'analytics'];
  return kinds
    .map((kind) => {
      const of = samples.filter((s) => s.kind === kind);
      const errorCodes: Record<string, number> = {};
      for (const s of of)
        if (!s.ok) errorCodes[s.error ?? 'unknown'] = (errorCodes[s.error ?? 'unknown'] ?? 0) + 1;
      const ms = of.map((s) => s.ms);
      return {
        level,
        kind,
        requests: of.length,
        errors: of.filter((s) => !s.ok && !TYPED_REFUSALS.has(s.error ?? '')).length,
        refused: of.filter((s) => !s.ok && TYPED_REFUSALS.has(s.error ?? '')).length,
        throughput: wallMs > 0 ? Number(((of.length * 1000) / wallMs).toFixed(2)) : 0,
        p50: Math.round(percentile(ms, 0.5)),
        p95: Math.round(percentile(ms, 0.95)),
        max: Math.round(Math.max(0, ...ms)),
        errorCodes,
      };
    })
    .filter((s) => s.requests > 0);
}

/** What the API says about one uploaded document once its job ended. */
export interface UploadedDocument {
  id: string;
  status: string;
  pageCount: number;
  elementCount: number;
  pageNumbers: number[];
  pageElementCounts: number[];
  nodes: Record<string, number>;
  relationships: Record<string, number>;
}

/** Every rule a whole, consistent document obeys; each broken one is named. */
export function reconcile(doc: UploadedDocument): string[] {
  const problems: string[] = [];
  const expect = (what: string, actual: number | string, wanted: number | string) => {
    if (actual !== wanted) problems.push(`${doc.id}: ${what} is ${actual}, expected ${wanted}`);
  };
  expect('status', doc.status, 'READY');
  expect('Document nodes', doc.nodes.Document ?? 0, 1);
  expect('Page nodes', doc.nodes.Page ?? 0, doc.pageCount);
  expect('HAS_PAGE edges', doc.relationships.HAS_PAGE ?? 0, doc.pageCount);
  expect('NEXT_PAGE edges', doc.relationships.NEXT_PAGE ?? 0, Math.max(0, doc.pageCount - 1));
  expect('Element nodes', doc.nodes.Element ?? 0, doc.elementCount);
  // An element without its page (an orphan) has no HAS_ELEMENT edge; a duplicated one has two.
  expect('HAS_ELEMENT edges', doc.relationships.HAS_ELEMENT ?? 0, doc.elementCount);
  expect(
    'elements summed over pages',
    doc.pageElementCounts.reduce((a, b) => a + b, 0),
    doc.elementCount,
  );
  const numbers = [...doc.pageNumbers].sort((a, b) => a - b).join(',');
  const wanted = Array.from({ length: doc.pageCount }, (_, i) => i + 1).join(',');
  if (numbers !== wanted) problems.push(`${doc.id}: page numbers are not exactly 1..${doc.pageCount}`);
  return problems;
}

export function markdownTable(rows: readonly KindSummary[]): string {
  const head =
    '| level | kind | requests | errors | refused | req/s | p50 ms | p95 ms | max ms |\n|---:|---|---:|---:|---:|---:|---:|---:|---:|';
  const lines = rows.map(
    (r) =>
      `| ${r.level} | ${r.kind} | ${r.requests} | ${r.errors} | ${r.refused} | ${r.throughput} | ${r.p50} | ${r.p95} | ${r.max} |`,
  );
  return [head, ...lines].join('\n');
}
