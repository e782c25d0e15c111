import type { PageJudgeText, PageNeighbour, PageCandidate, RetrieveRepository } from '../retrieve.repository';
import type { TraceWalkInput } from './trace-walker';
import type { TraceJudge } from './trace-judge';
import { type Candidate, pageKey, type TraceRun, type Verdict } from './trace-run';

/** m: pages each sub-query's stack starts from. */
export const TRACE_SEEDS = 4;
/** K: SIMILAR_TO neighbours a RELEVANT page pushes. */
export const TRACE_SIMILAR_K = 2;
/** Passages per page the cross-encoder reads (~200 tokens each, so the pair fits its 512 tokens). */
export const BEST_PASSAGES = 1;
/** Characters of a page without passages that the judge reads instead. */
export const PAGE_TEXT_CHARS = 1500;

export interface SubQuery {
  text: string;
  embedding: number[];
  seeds: PageCandidate[];
  /** Keys of the pages titled as a financial statement the sub-query asks for (statementPages). */
  namedStatements: Set<string>;
}

/** A sub-query's top-m seed pages as stack entries, best first. */
export function seedCandidates(sq: SubQuery): Candidate[] {
  return sq.seeds.slice(0, TRACE_SEEDS).map((s, rank) => ({
    docId: s.docId,
    pageNumber: s.pageNumber,
    via: 'seed' as const,
    fromPage: null,
    hop: 0,
    group: 0,
    rank,
    namedStatement: sq.namedStatements.has(pageKey(s)),
  }));
}

/** What a TRACE walk asks of the graph and the judge: pages' judge windows fetched and judged, neighbours fetched once. */
export class TraceJudging {
  constructor(
    private readonly repo: RetrieveRepository,
    private readonly judge: TraceJudge,
  ) {}

  async judgeBatch(
    run: TraceRun,
    index: number,
    sq: SubQuery,
    batch: Candidate[],
    verdicts: Map<string, Verdict>,
    input: TraceWalkInput,
    prefetchNeighbours: boolean,
  ): Promise<void> {
    const refs = batch.map(({ docId, pageNumber }) => ({ docId, pageNumber }));
    run.stats.passageQueries += 1;
    const texts = await run.timed('trace-judge', () =>
      this.repo.pageBestPassages({
        pages: refs,
        embedding: sq.embedding,
        perPage: BEST_PASSAGES,
        maxChars: PAGE_TEXT_CHARS,
      }),
    );
    await this.judgeFetched(run, index, sq, batch, texts, verdicts, input);
    // The neighbours of this batch's RELEVANT pages in one query, ready for when they are popped.
    const relevant = batch.filter((c) => verdicts.get(pageKey(c))?.relevant);
    if (prefetchNeighbours && relevant.length > 0) await this.neighboursOf(run, relevant);
  }

  /**
   * Every sub-query's seeds fetched and judged in one round, one round trip instead of one per sub-query. A page that
   * is an earlier sub-query's seed is left to the walk, which may already have put it in the chain. */
  async judgeSeedRound(
    run: TraceRun,
    subQueries: SubQuery[],
    budget: number,
    input: TraceWalkInput,
  ): Promise<Array<Map<string, Verdict>>> {
    const verdicts = subQueries.map(() => new Map<string, Verdict>());
    const earlier = new Set<string>();
    const round = subQueries.map((sq) => {
      const seeds = seedCandidates(sq);
      const own = seeds.filter((c) => !earlier.has(pageKey(c))).slice(0, budget);
      for (const c of seeds) earlier.add(pageKey(c));
      return own;
    });
    const pages = round.flatMap((seeds, query) =>
      seeds.map(({ docId, pageNumber }) => ({ docId, pageNumber, query })),
    );
    if (pages.length === 0) return verdicts;
    run.stats.passageQueries += 1;
    const texts = await run.timed('trace-judge', () =>
      this.repo.seedWindows({
        pages,
        embeddings: subQueries.map((sq) => sq.embedding),
        perPage: BEST_PASSAGES,
        maxChars: PAGE_TEXT_CHARS,
      }),
    );
    for (const [i, seeds] of round.entries()) {
      if (seeds.length === 0) continue;
      const own = texts.filter((t) => t.query === i);
      await this.judgeFetched(run, i, subQueries[i]!, seeds, own, verdicts[i]!, input);
    }
    const relevant = round.flatMap((seeds, i) =>
      seeds.length < budget ? seeds.filter((c) => verdicts[i]!.get(pageKey(c))?.relevant) : [],
    );
    if (relevant.length > 0) await this.neighboursOf(run, relevant);
    return verdicts;
  }

  /** Judges one sub-query's batch on its fetched windows; a page without a window is judged on nothing. */
  private async judgeFetched(
    run: TraceRun,
    index: number,
    sq: SubQuery,
    batch: Candidate[],
    texts: PageJudgeText[],
    verdicts: Map<string, Verdict>,
    input: TraceWalkInput,
  ): Promise<void> {
    const q = `q${index + 1}`;
    const byKey = new Map(texts.map((t) => [pageKey(t), t]));
    const pages = batch.map((c) => ({
      ...(byKey.get(pageKey(c)) ?? {
        docId: c.docId,
        pageNumber: c.pageNumber,
        bestText: '',
        pageText: '',
        elements: [],
      }),
      label: run.label(c),
    }));
    const result = await run.timed('trace-judge', () =>
      this.judge.judge({
        subQuery: sq.text,
        question: input.question,
        pages,
        memory: run.memory(),
        meter: input.meter,
      }),
    );
    run.countJudging(batch.length, result.crossEncoderCalls, result.crossEncoderPairs, result.llmCalls);
    batch.forEach((c, i) =>
      verdicts.set(pageKey(c), run.verdictOf(index, c, result.judgements[i]!, pages[i]!.elements)),
    );
    run.trace.push(
      `  ${q} judge: ${pages.map((p) => p.label).join(', ')} in ` +
        (result.llmCalls > 0 ? `${result.llmCalls} LLM call(s)` : '') +
        (result.llmCalls > 0 && result.crossEncoderCalls > 0 ? ' + ' : '') +
        (result.crossEncoderCalls > 0 ? `one cross-encoder call` : ''),
    );
    for (const w of result.warnings) run.warn(w);
  }

  async neighboursOf(run: TraceRun, pages: Candidate[]): Promise<PageNeighbour[]> {
    const missing = pages.filter((p) => !run.neighbours.has(pageKey(p)));
    if (missing.length > 0) {
      const rows = await run.timed('trace-neighbours', () =>
        this.repo.pageNeighbours({
          pages: missing.map(({ docId, pageNumber }) => ({ docId, pageNumber })),
          similarK: TRACE_SIMILAR_K,
        }),
      );
      run.stats.neighbourQueries += 1;
      for (const p of missing) run.neighbours.set(pageKey(p), []);
      for (const row of rows) run.neighbours.get(pageKey(row))?.push(row);
    }
    return pages.flatMap((p) => run.neighbours.get(pageKey(p)) ?? []);
  }
}
