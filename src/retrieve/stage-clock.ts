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
