import type { StageTiming } from './retrieve.types';

/** Wall time per named stage of one walk, summed over the stage's repeated runs (a walk judges and hops many times). */
export class StageClock {
  private readonly ms = new Map<string, number>();

  async time<T>(stage: string, work: () => Promise<T>): Promise<T> {
    const t0 = performance.now();
    try {
      return await work();
    } finally {
      this.ms.set(stage, (this.ms.get(stage) ?? 0) + performance.now() - t0);
    }
  }

  timings(): StageTiming[] {
    return [...this.ms].map(([stage, ms]) => ({ stage, ms: Math.round(ms) }));
  }
}

/** Time per stage name: a stage that ran several times (TRACE's judge batches) is summed. */
export function stageCosts(timings: StageTiming[]): StageTiming[] {
  const byStage = new Map<string, number>();
  for (const t of timings) byStage.set(t.stage, (byStage.get(t.stage) ?? 0) + t.ms);
  return [...byStage].map(([stage, ms]) => ({ stage, ms }));
}
