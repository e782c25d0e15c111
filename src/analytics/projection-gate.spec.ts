import { AnalyticsErrorCode } from './analytics.errors';
import { held, tick } from '../common/testing/held-tasks';
import { projectionGate } from './projection-gate';

describe('projectionGate', () => {
  it('runs one at a time, queues the next in order, and refuses past the queue at once', async () => {
    const gate = projectionGate({ atOnce: 1, waiting: 2, maxWaitMs: 10_000 });
    const log: string[] = [];
    const [a, b, c] = [held(log, 'a'), held(log, 'b'), held(log, 'c')];
    const runs = [gate.run(a.task), gate.run(b.task), gate.run(c.task)];
    await expect(gate.run(async () => 'd')).rejects.toMatchObject({
      code: AnalyticsErrorCode.ANALYTICS_BUSY,
    });
    await tick();
    expect(log).toEqual(['start a']);
    a.release();
    await tick();
    expect(log).toEqual(['start a', 'start b']);
    b.release();
    c.release();
    await expect(Promise.all(runs)).resolves.toEqual(['a', 'b', 'c']);
    await expect(gate.run(async () => 'e')).resolves.toBe('e');
  });

  it('refuses a waiter whose turn does not come within maxWaitMs, and keeps the slot count right', async () => {
    const gate = projectionGate({ atOnce: 1, waiting: 4, maxWaitMs: 50 });
    const log: string[] = [];
    const a = held(log, 'a');
    const first = gate.run(a.task);
    await expect(gate.run(async () => 'late')).rejects.toThrow(/Graph analytics are busy/);
    a.release();
    await first;
    await expect(gate.run(async () => 'next')).resolves.toBe('next');
  });
});
