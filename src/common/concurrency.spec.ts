import { chunk, mapWithConcurrency } from './concurrency';

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
