import type { EvidenceStep } from '../evidence-step';
import type { NeighbourEdge, PageCandidate, PageNeighbour } from '../retrieve.repository';
import type { ElementEvidence, StageTiming, TraceOptions } from '../retrieve.types';
import { StageClock } from '../stage-clock';
import type { PageJudgement } from './trace-judge';

// The state of one TRACE walk (whitelist, judgements, neighbour cache, counters, trace lines) and how its pages
// are ranked at the end. Pure bookkeeping: the walker does the I/O.

export type Via = 'seed' | NeighbourEdge;

export interface Candidate {
  docId: string;
  pageNumber: number;
  via: Via;
  fromPage: number | null;
  hop: number;
  /** Pages pushed together (the seeds, or one RELEVANT page's neighbours) are judged in one batch. */
  group: number;
  /** Seeds: rank in the sub-query's own ranking (0 = best). */
  rank?: number;
  /** SIMILAR_TO score of the edge that pushed the page. */
  edgeScore?: number;
  /** Judge score of the RELEVANT page that pushed this one, times the SIMILAR_TO score for a similar edge. */
  fromScore?: number;
  /** A seed titled as a financial statement the sub-query asks for (financial-statements.ts). */
  namedStatement?: boolean;
}

export interface Verdict extends PageJudgement {
  candidate: Candidate;
  /** Index of the sub-query that judged the page. */
  subQuery: number;
  elements: ElementEvidence[];
  /** What the page ranks by: its judge score, or its share of the page that led to it when that is higher. */
  rankScore: number;
}

export interface TracedPage extends PageCandidate {
  reason: string;
  hop: number;
  fromPage: number | null;
}

/**
 * A page the walk reached ranks at least this share of its RELEVANT parent's score: a continuation page rarely
 * matches the question alone but sits next to its evidence. Ranking only (AUC: docs/measurements.md). */
export const TRACE_WALK_PRIOR = 0.15;

/** N_total: pages judged over all sub-queries. */
export const TRACE_PAGE_BUDGET = 12;

/** Analyses of relevant pages an LLM judge sees (the most recent ones). */
const MEMORY_ITEMS = 5;

export type WalkOptions = Required<TraceOptions>;

/** Every layer on and the default budget unless a switch says otherwise (an undefined switch is no switch). */
export function walkOptions(options: TraceOptions = {}): WalkOptions {
  return {
    decomposition: options.decomposition ?? true,
    semanticEdges: options.semanticEdges ?? true,
    physicalEdges: options.physicalEdges ?? true,
    referenceEdges: options.referenceEdges ?? true,
    pageBudget: options.pageBudget ?? TRACE_PAGE_BUDGET,
  };
}

export const pageKey = (p: { docId: string; pageNumber: number }): string =>
  `${p.docId}\u0000${p.pageNumber}`;

export class TraceRun {
  readonly trace: string[] = [];
  /** Every popped page in order, as data (the API's and the CLI's evidence chain). */
  readonly steps: EvidenceStep[] = [];
  readonly warnings: string[] = [];
  /** Pages judged RELEVANT, in the order found: the chain of evidence. */
  readonly whitelist = new Map<string, Verdict>();
  readonly neighbours = new Map<string, PageNeighbour[]>();
  readonly stats = {
    visited: 0,
    judged: 0,
    crossEncoderCalls: 0,
    crossEncoderPairs: 0,
    llmCalls: 0,
    neighbourQueries: 0,
    passageQueries: 0,
  };
  /** Every judged page's best verdict over the sub-queries, for the final ranking. */
  private readonly judged = new Map<string, Verdict>();
  private readonly clock = new StageClock();
  private groups = 0;
  private readonly singleDocument: boolean;

  constructor(docIds: string[] | null) {
    this.singleDocument = docIds?.length === 1;
  }

  label(p: { docId: string; pageNumber: number }): string {
    return this.singleDocument ? `p.${p.pageNumber}` : `${p.docId} p.${p.pageNumber}`;
  }

  /** How a page was reached: "seed #1" or "next-page from p.3 (hop 1)". */
  how(c: Candidate): string {
    if (c.via === 'seed') return `seed #${(c.rank ?? 0) + 1}`;
    return `${this.edge(c)} from ${this.label({ docId: c.docId, pageNumber: c.fromPage ?? 0 })} (hop ${c.hop})`;
  }

  edge(c: Pick<Candidate, 'via' | 'edgeScore'>): string {
    return c.via === 'similar' && c.edgeScore !== undefined ? `similar ${c.edgeScore.toFixed(2)}` : c.via;
  }

  verdictOf(
    subQuery: number,
    candidate: Candidate,
    judgement: PageJudgement,
    elements: ElementEvidence[],
  ): Verdict {
    // A page that carries the printed title of the statement the question names is evidence whatever the judge reads
    // in its grid of figures (a cross-encoder scores tables of numbers low): RELEVANT, ranked first, as in HYBRID.
    const named = candidate.namedStatement === true;
    const rankScore = named ? 1 : Math.max(judgement.score, TRACE_WALK_PRIOR * (candidate.fromScore ?? 0));
    const verdict = {
      ...judgement,
      ...(named && {
        relevant: true,
        analysis: `titled as a financial statement the question asks for; judge: ${judgement.analysis}`,
      }),
      candidate,
      subQuery,
      elements,
      rankScore,
    };
    const key = pageKey(candidate);
    const previous = this.judged.get(key);
    if (!previous || verdict.rankScore > previous.rankScore) this.judged.set(key, verdict);
    return verdict;
  }

  /** A popped page's verdict: RELEVANT pages join the chain of evidence. */
  visit(q: string, subQuery: string, c: Candidate, verdict: Verdict): void {
    this.stats.visited += 1;
    this.steps.push({
      ...this.stepOf(subQuery, c),
      verdict: verdict.relevant ? 'RELEVANT' : 'IRRELEVANT',
      score: verdict.score,
      judge: verdict.judge,
      reason: verdict.analysis,
    });
    const label = verdict.relevant ? 'RELEVANT' : 'IRRELEVANT';
    const ranked =
      verdict.rankScore > verdict.score ? ` (ranks ${verdict.rankScore.toFixed(3)} next to its source)` : '';
    this.trace.push(
      `  ${q} ${this.label(c)} ← ${this.how(c)}: ${label} ${verdict.score.toFixed(3)}${ranked} (${verdict.judge}) — ${verdict.analysis}`,
    );
    if (verdict.relevant && !this.whitelist.has(pageKey(c))) this.whitelist.set(pageKey(c), verdict);
  }

  /** A popped page that was not judged again because an earlier sub-query put it in the chain of evidence. */
  skip(q: string, subQuery: string, c: Candidate): void {
    this.steps.push({
      ...this.stepOf(subQuery, c),
      verdict: 'NOT_JUDGED',
      score: null,
      judge: null,
      reason: 'already in the chain of evidence',
    });
    this.trace.push(`  ${q} ${this.label(c)} ← ${this.how(c)}: skipped, already in the chain of evidence`);
  }

  /** A problem that does not stop the walk: in the trace and in the result's warnings. */
  warn(message: string): void {
    this.warnings.push(message);
    this.trace.push(`  warning: ${message}`);
  }

  private stepOf(
    subQuery: string,
    c: Candidate,
  ): Pick<EvidenceStep, 'step' | 'subQuery' | 'docId' | 'pageNumber' | 'via' | 'fromPage' | 'hop'> {
    return {
      step: this.steps.length + 1,
      subQuery,
      docId: c.docId,
      pageNumber: c.pageNumber,
      via: c.via,
      fromPage: c.fromPage,
      hop: c.hop,
    };
  }

  chain(): Verdict[] {
    return [...this.whitelist.values()];
  }

  memory(): string[] {
    return this.chain()
      .slice(-MEMORY_ITEMS)
      .map((v) => `${this.label(v.candidate)}: ${v.analysis}`);
  }

  nextGroup(): number {
    return ++this.groups;
  }

  /** Entries below the top of `stack` pushed with `c`, not yet judged or visited: they are judged with `c`. */
  sameGroupOnTop(
    stack: Candidate[],
    c: Candidate,
    visited: Set<string>,
    judged: Map<string, unknown>,
  ): Candidate[] {
    const batch: Candidate[] = [];
    const keys = new Set([pageKey(c)]);
    for (let i = stack.length - 1; i >= 0 && stack[i]!.group === c.group; i--) {
      const key = pageKey(stack[i]!);
      if (keys.has(key) || visited.has(key) || judged.has(key) || this.whitelist.has(key)) continue;
      keys.add(key);
      batch.push(stack[i]!);
    }
    return batch;
  }

  countJudging(pages: number, crossEncoderCalls: number, crossEncoderPairs: number, llmCalls: number): void {
    this.stats.judged += pages;
    this.stats.crossEncoderCalls += crossEncoderCalls;
    this.stats.crossEncoderPairs += crossEncoderPairs;
    this.stats.llmCalls += llmCalls;
  }

  timed<T>(stage: string, work: () => Promise<T>): Promise<T> {
    return this.clock.time(stage, work);
  }

  timings(): StageTiming[] {
    return this.clock.timings();
  }

  /**
   * The evidence chain first (each sub-query's best RELEVANT page opening it, so every part of a question is at the
   * top), then judged pages by rank, then unjudged candidates in turns, so recall@k still counts unreached pages. */
  ranked(seedLists: PageCandidate[][]): TracedPage[] {
    const byScore = (a: Verdict, b: Verdict) => b.rankScore - a.rankScore;
    const chain = interleaveSubQueries(this.chain().sort(byScore));
    const rest = [...this.judged.entries()]
      .filter(([key]) => !this.whitelist.has(key))
      .map(([, v]) => v)
      .sort(byScore);
    const seedElements = new Map(seedLists.flat().map((s) => [pageKey(s), s.elements]));
    const pages: TracedPage[] = [...chain, ...rest].map((v) => ({
      docId: v.candidate.docId,
      pageNumber: v.candidate.pageNumber,
      score: v.rankScore,
      elements: v.elements.length > 0 ? v.elements : (seedElements.get(pageKey(v.candidate)) ?? []),
      reason: `trace:${v.candidate.via}`,
      hop: v.candidate.hop,
      fromPage: v.candidate.fromPage,
    }));
    const taken = new Set(pages.map(pageKey));
    const depth = Math.max(0, ...seedLists.map((l) => l.length));
    for (let rank = 0; rank < depth; rank++) {
      for (const seeds of seedLists) {
        const s = seeds[rank];
        if (!s || taken.has(pageKey(s))) continue;
        taken.add(pageKey(s));
        pages.push({ ...s, reason: 'trace:seed-unjudged', hop: 0, fromPage: null });
      }
    }
    return pages;
  }
}

/** Each sub-query's best verdict first (best of those first), then the rest in their order. */
export function interleaveSubQueries(sorted: Verdict[]): Verdict[] {
  const leads: Verdict[] = [];
  const seen = new Set<number>();
  for (const v of sorted) {
    if (seen.has(v.subQuery)) continue;
    seen.add(v.subQuery);
    leads.push(v);
  }
  return [...leads, ...sorted.filter((v) => !leads.includes(v))];
}
