import { AnalyticsError, AnalyticsErrorCode } from './analytics.errors';

export interface ProjectionGateLimits {
  /** Projections running at once in this process. */
  atOnce: number;
  /** Projections that may wait for a turn; one more is refused at once. */
  waiting: number;
  /** How long a projection waits for its turn before it is refused. */
  maxWaitMs: number;
}

/** Neo4j's heap holds few projections at once: one running, a handful waiting briefly, the rest refused. */
export const GDS_PROJECTION_LIMITS: ProjectionGateLimits = { atOnce: 1, waiting: 4, maxWaitMs: 20_000 };

/**
 * Bounds the GDS projections of this process: at most `atOnce` run, up to `waiting` queue (first come, first
 * served) for at most `maxWaitMs`; past either bound the caller gets ANALYTICS_BUSY at once instead of piling
 * projections onto Neo4j's heap.
 */
export class ProjectionGate {
  private active = 0;
  private readonly queue: Array<{ start: () => void }> = [];

  constructor(private readonly limits: ProjectionGateLimits = GDS_PROJECTION_LIMITS) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.enter();
    try {
      return await task();
    } finally {
      const next = this.queue.shift();
      if (next) next.start();
      else this.active--;
    }
  }

  private async enter(): Promise<void> {
    if (this.active < this.limits.atOnce) {
      this.active++;
      return;
    }
    if (this.queue.length >= this.limits.waiting) throw this.busy();
    await new Promise<void>((resolve, reject) => {
      const entry = {
        start: () => {
          clearTimeout(timer);
          resolve(); // the finishing task hands its slot over
        },
      };
      const timer = setTimeout(() => {
        this.queue.splice(this.queue.indexOf(entry), 1);
        reject(this.busy());
      }, this.limits.maxWaitMs);
      this.queue.push(entry);
    });
  }

  private busy(): AnalyticsError {
    const { atOnce, waiting, maxWaitMs } = this.limits;
    return new AnalyticsError(
      AnalyticsErrorCode.ANALYTICS_BUSY,
      `Graph analytics are busy: this process runs ${atOnce} Graph Data Science projection(s) at once and lets ` +
        `${waiting} wait up to ${Math.round(maxWaitMs / 1000)} s. Try again in a little while, or send ` +
        'pageGraph / similarDocuments one request at a time.',
    );
  }
}
