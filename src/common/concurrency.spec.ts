import { chunk, mapWithConcurrency, Semaphore } from './concurrency';

describe('chunk', () => {
  it('splits into consecutive chunks', () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  });
});

describe('mapWithConcurrency', () => {
  it('keeps at most `limit` calls in flight and returns results in input order', async () => {
    let inFlight = 0;
    let most = 0;
    const out = await mapWithConcurrency([30, 5, 20, 1], 2, async (ms, i) => {
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, ms));
      inFlight--;
      return i;
    });
    expect(most).toBe(2);
    expect(out).toEqual([0, 1, 2, 3]);
  });

  it('starts nothing new after a failure and rethrows it', async () => {
    const started: number[] = [];
    await expect(
      mapWithConcurrency([1, 2, 3, 4], 1, async (n) => {
        started.push(n);
        if (n === 2) throw new Error('boom');
        return n;
      }),
    ).rejects.toThrow('boom');
    expect(started).toEqual([1, 2]);
  });
});

describe('Semaphore', () => {
  it('runs at most `limit` tasks at once, the waiting ones in arrival order', async () => {
    const gate = new Semaphore(1);
    const events: string[] = [];
    const task = (name: string, ms: number) =>
      gate.run(async () => {
        events.push(`start ${name}`);
        await new Promise((resolve) => setTimeout(resolve, ms));
        events.push(`end ${name}`);
        return name;
      });
    await expect(Promise.all([task('a', 20), task('b', 1), task('c', 1)])).resolves.toEqual(['a', 'b', 'c']);
    expect(events).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('hands the slot on when a task fails, and rejects a limit below 1', async () => {
    const gate = new Semaphore(2);
    let running = 0;
    let peak = 0;
    const results = await Promise.allSettled(
      [0, 1, 2, 3, 4].map((i) =>
        gate.run(async () => {
          peak = Math.max(peak, ++running);
          await new Promise((resolve) => setTimeout(resolve, 2));
          running--;
          if (i % 2 === 0) throw new Error(`task ${i}`);
          return i;
        }),
      ),
    );
    expect(peak).toBe(2);
    expect(results.map((r) => r.status)).toEqual([
      'rejected',
      'fulfilled',
      'rejected',
      'fulfilled',
      'rejected',
    ]);
    expect(() => new Semaphore(0)).toThrow(RangeError);
  });
});
