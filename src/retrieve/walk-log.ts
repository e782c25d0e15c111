import type { RankRequest } from './rankers/ranker';
import type { PageRef } from './retrieve.repository';
import type { PageHit, StageTiming } from './retrieve.types';
import { StageClock } from './stage-clock';
import { pageLabeller, stepLine, type WalkStep } from './walk-step';

/** What DMAP and G2 walk for: the question, its vector, the scope, the pages wanted, and the meter of LLM calls. */
export type WalkInput = Pick<RankRequest, 'embedding' | 'docIds' | 'k' | 'meter'> & { question: string };

/** What a DMAP or G2 walk returns: its pages best first, its steps, its trace and its time per stage. */
export interface WalkResult {
  pages: PageHit[];
  steps: WalkStep[];
  trace: string[];
  timings: StageTiming[];
}

/** The record one DMAP or G2 walk keeps as it goes: its steps, its trace lines, its stages' wall time. */
export class WalkLog {
  readonly trace: string[] = [];
  readonly steps: WalkStep[] = [];
  /** "p.4" inside one document, "<docId> p.4" across several. */
  readonly label: (p: PageRef) => string;
  private readonly clock = new StageClock();

  constructor(
    private readonly strategy: string,
    docIds: string[] | null,
  ) {
    this.label = pageLabeller(docIds);
  }

  time<T>(stage: string, work: () => Promise<T>): Promise<T> {
    return this.clock.time(stage, work);
  }

  /** A step with its full sub-question; its trace line names the sub-question by its short id ("q1"). */
  record(step: WalkStep, shortId: string): void {
    this.steps.push(step);
    this.trace.push(stepLine({ ...step, subQuery: shortId }, this.label));
  }

  /** Traces the pages titled as a financial statement the question asks for, which the ranking puts first. */
  statementsFirst(named: PageRef[]): void {
    if (named.length > 0)
      this.trace.push(
        `${this.strategy}: pages titled as a financial statement the question asks for rank first: ` +
          named.map(this.label).join(', '),
      );
  }

  result(pages: PageHit[]): WalkResult {
    return { pages, steps: this.steps, trace: this.trace, timings: this.clock.timings() };
  }
}
