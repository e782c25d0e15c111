export interface AdmissionLimits {
  /** Tasks running at once in this process. */
  atOnce: number;
  /** Tasks that may wait for a turn; one more is refused at once. */
  waiting: number;
  /** How long a task waits for its turn before it is refused. */
  maxWaitMs: number;
}

/**
 * Bounds expensive work in one process: at most `atOnce` tasks run, up to `waiting` queue (first come, first
 * served) for at most `maxWaitMs`; past either bound the caller gets `busy(limits)` at once. A waiting task holds
 * nothing (no Neo4j transaction, no connection), so a burst queues here instead of piling onto the database.
 */
export class AdmissionGate {
  private active = 0;
  private readonly queue: Array<{ start: () => void }> = [];

  constructor(
    readonly limits: AdmissionLimits,
    private readonly busy: (limits: AdmissionLimits) => Error,
  ) {
    if (!Number.isInteger(limits.atOnce) || limits.atOnce < 1)
      throw new RangeError(`atOnce must be a whole number ≥ 1, got ${limits.atOnce}`);
  }

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
    if (this.queue.length >= this.limits.waiting) throw this.busy(this.limits);
    await new Promise<void>((resolve, reject) => {
      const entry = {
        start: () => {
          clearTimeout(timer);
          resolve(); // the finishing task hands its slot over
        },
      };
      const timer = setTimeout(() => {
        this.queue.splice(this.queue.indexOf(entry), 1);
        reject(this.busy(this.limits));
      }, this.limits.maxWaitMs);
      this.queue.push(entry);
    });
  }
}
