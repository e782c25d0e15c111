import type { IngestService } from '../ingest/ingest.service';
import type { RetrieveService } from '../retrieve/retrieve.service';
import type { Strategy } from '../retrieve/retrieve.types';
import type { BenchCorpusRepository } from './bench-corpus.repository';

// Search latency at corpus sizes: the corpus is grown to each size by copying stored documents under new ids
// (pages, elements and their vectors — no re-embedding), then every strategy answers the same queries, scoped
// to one document and, for VECTOR, over the whole corpus.

export interface LatencyVariant {
  strategy: Strategy;
  rerank: boolean;
  scope: 'document' | 'corpus';
}

export interface LatencyRow extends LatencyVariant {
  corpusPages: number;
  corpusElements: number;
  queries: number;
  p50: number;
  p95: number;
  mean: number;
  /** Mean ms per stage: query embedding, the retrieval query (Cypher round trip + row mapping), the rest. */
  stages: Record<string, number>;
}

export interface LatencyQuery {
  docId: string;
  text: string;
}

export const DEFAULT_VARIANTS: LatencyVariant[] = [
  { strategy: 'VECTOR', rerank: false, scope: 'document' },
  { strategy: 'HYBRID', rerank: false, scope: 'document' },
  { strategy: 'GRAPH', rerank: false, scope: 'document' },
  { strategy: 'PARENT_PAGE', rerank: false, scope: 'document' },
  { strategy: 'HYBRID', rerank: true, scope: 'document' },
  { strategy: 'VECTOR', rerank: false, scope: 'corpus' },
  { strategy: 'HYBRID', rerank: false, scope: 'corpus' },
];

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export const CLONE_PREFIX = 'clone-';

export class SearchLatencyBench {
  constructor(
    private readonly corpus: BenchCorpusRepository,
    private readonly retrieve: RetrieveService,
    private readonly ingest: IngestService,
    private readonly log: (message: string) => void = () => undefined,
    /** Called before each timed search, so that every one pays for its query embedding (no cached vectors). */
    private readonly forgetQueryVectors: () => void = () => undefined,
  ) {}

  async corpusSize(): Promise<{ pages: number; documents: number }> {
    const docs = await this.corpus.documents();
    return { pages: docs.reduce((n, d) => n + d.pageCount, 0), documents: docs.length };
  }

  /** Copies original documents round-robin until the corpus holds at least `targetPages` pages. */
  async growTo(targetPages: number): Promise<number> {
    const docs = await this.corpus.documents();
    const originals = docs.filter((d) => !d.clonedFrom);
    if (originals.length === 0) throw new Error('The corpus is empty: ingest some PDFs first.');
    let pages = docs.reduce((n, d) => n + d.pageCount, 0);
    let copy = docs.filter((d) => d.clonedFrom).length;
    while (pages < targetPages) {
      const source = originals[copy % originals.length]!;
      await this.corpus.cloneDocument(source.id, `${CLONE_PREFIX}${copy}-${source.id}`);
      pages += source.pageCount;
      copy++;
      if (copy % 25 === 0) this.log(`corpus: ${pages} pages`);
    }
    return pages;
  }

  async removeClones(): Promise<number> {
    const docs = await this.corpus.documents();
    const clones = docs.filter((d) => d.clonedFrom);
    for (const d of clones) await this.ingest.deleteDocument(d.id);
    return clones.length;
  }

  async measure(
    queries: LatencyQuery[],
    variants: LatencyVariant[],
    corpusElements: number,
  ): Promise<LatencyRow[]> {
    const { pages } = await this.corpusSize();
    const rows: LatencyRow[] = [];
    for (const variant of variants) {
      // One untimed query first: the first call pays for loading models and warming Neo4j's caches.
      await this.run(queries[0]!, variant);
      const ms: number[] = [];
      const stageSums = new Map<string, number>();
      for (const query of queries) {
        const { total, stages } = await this.run(query, variant);
        ms.push(total);
        for (const [stage, t] of Object.entries(stages))
          stageSums.set(stage, (stageSums.get(stage) ?? 0) + t);
      }
      ms.sort((a, b) => a - b);
      rows.push({
        ...variant,
        corpusPages: pages,
        corpusElements,
        queries: ms.length,
        p50: Math.round(percentile(ms, 50)),
        p95: Math.round(percentile(ms, 95)),
        mean: Math.round(ms.reduce((a, b) => a + b, 0) / ms.length),
        stages: Object.fromEntries(
          [...stageSums].map(([stage, sum]) => [stage, Math.round((sum / ms.length) * 10) / 10]),
        ),
      });
      this.log(
        `${pages} pages · ${variant.strategy}${variant.rerank ? '+RERANK' : ''} (${variant.scope}): p50 ${rows.at(-1)!.p50} ms`,
      );
    }
    return rows;
  }

  /** End-to-end ms of one search and its stages; 'other' is what no stage timed (scope check, mapping to hits). */
  private async run(
    query: LatencyQuery,
    variant: LatencyVariant,
  ): Promise<{ total: number; stages: Record<string, number> }> {
    this.forgetQueryVectors();
    const t0 = performance.now();
    const result = await this.retrieve.search({
      query: query.text,
      strategy: variant.strategy,
      scope: variant.scope === 'document' ? { docIds: [query.docId] } : {},
      k: 5,
      rerank: variant.rerank,
    });
    const total = performance.now() - t0;
    const stages: Record<string, number> = {};
    for (const t of result.timings) {
      const stage = t.stage === 'embed-query' || t.stage === 'rerank' ? t.stage : 'retrieval query';
      stages[stage] = (stages[stage] ?? 0) + t.ms;
    }
    stages.other = Math.max(0, total - Object.values(stages).reduce((a, b) => a + b, 0));
    return { total, stages };
  }
}

export function latencyTable(rows: LatencyRow[]): string {
  const head =
    '| corpus pages | strategy | scope | queries | p50 ms | p95 ms | mean ms | mean per stage (ms) |\n|---:|---|---|---:|---:|---:|---:|---|';
  const body = rows.map(
    (r) =>
      `| ${r.corpusPages} | ${r.strategy}${r.rerank ? ' + RERANK' : ''} | ${r.scope} | ${r.queries} | ${r.p50} | ${r.p95} | ${r.mean} | ` +
      `${Object.entries(r.stages)
        .map(([stage, ms]) => `${stage} ${ms}`)
        .join(' · ')} |`,
  );
  return [head, ...body].join('\n');
}
