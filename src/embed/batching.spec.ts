import { l2Normalize, runInLengthSortedBatches, sigmoid } from './batching';

describe('sigmoid', () => {
  it('maps logits into 0–1 with sigmoid(0) = 0.5 and symmetry', () => {
    expect(sigmoid(0)).toBe(0.5);
    expect(sigmoid(2)).toBeCloseTo(0.8807970779778823, 12);
    expect(sigmoid(-2)).toBeCloseTo(1 - sigmoid(2), 12);
  });

  it('stays finite and in range for extreme logits', () => {
    expect(sigmoid(1000)).toBe(1);
    expect(sigmoid(-1000)).toBe(0);
    expect(Number.isNaN(sigmoid(-800))).toBe(false);
  });
});

describe('l2Normalize', () => {
  it('scales to unit length and leaves a zero vector alone', () => {
    expect(Array.from(l2Normalize(Float32Array.from([3, 4])))).toEqual([
      0.6000000238418579, 0.800000011920929,
    ]);
    expect(Array.from(l2Normalize(new Float32Array(3)))).toEqual([0, 0, 0]);
  });
});

describe('runInLengthSortedBatches', () => {
  it('batches longest first and restores the input order', async () => {
    const items = ['aa', 'a', 'aaaaa', 'aaa', 'aaaa', '', 'aaa'];
    const batches: string[][] = [];
    const out = await runInLengthSortedBatches(
      items,
      (s) => s.length,
      3,
      async (batch) => {
        batches.push(batch);
        return batch.map((s) => `<${s}>`);
      },
    );
    expect(batches).toEqual([['aaaaa', 'aaaa', 'aaa'], ['aaa', 'aa', 'a'], ['']]);
    expect(out).toEqual(items.map((s) => `<${s}>`));
  });

  it('keeps at most `concurrency` batches in flight and still returns results in input order', async () => {
    const items = Array.from({ length: 9 }, (_, i) => i);
    let inFlight = 0;
    let mostInFlight = 0;
    const out = await runInLengthSortedBatches(
      items,
      (n) => n % 4,
      2,
      async (batch) => {
        mostInFlight = Math.max(mostInFlight, ++inFlight);
        // Later batches finish first, so results arrive out of order.
        await new Promise((resolve) => setTimeout(resolve, 10 - batch[0]!));
        inFlight--;
        return batch.map((n) => n * 10);
      },
      2,
    );
    expect(mostInFlight).toBe(2);
    expect(out).toEqual(items.map((n) => n * 10));
  });

  it('runs nothing for no input and rejects a batch that loses results', async () => {
    const run = jest.fn(async (batch: number[]) => batch);
    await expect(runInLengthSortedBatches([], () => 0, 4, run)).resolves.toEqual([]);
    expect(run).not.toHaveBeenCalled();
    await expect(
      runInLengthSortedBatches(
        [1, 2],
        () => 0,
        4,
        async () => [1],
      ),
    ).rejects.toThrow(/returned 1 results/);
  });
});
