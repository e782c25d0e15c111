import { paddedColumns, planRecognitionBatches } from './recognition-batches';

describe('planRecognitionBatches', () => {
  it('groups crops by increasing width and pads each batch to its widest crop', () => {
    const widths = [500, 60, 900, 120, 480, 100];
    const batches = planRecognitionBatches(widths, { batchSize: 2, minWidth: 0 });
    expect(batches).toEqual([
      { crops: [1, 5], width: 100 },
      { crops: [3, 4], width: 480 },
      { crops: [0, 2], width: 900 },
    ]);
    expect(paddedColumns(widths, batches)).toBe(40 + 360 + 400);
  });

  it('never makes a batch narrower than the floor', () => {
    const batches = planRecognitionBatches([40, 48, 700], { batchSize: 2, minWidth: 320 });
    expect(batches.map((b) => b.width)).toEqual([320, 700]);
  });

  it('covers every crop exactly once, with a short last batch', () => {
    const widths = Array.from({ length: 11 }, (_, i) => (i * 37) % 200);
    const batches = planRecognitionBatches(widths, { batchSize: 4, minWidth: 0 });
    expect(batches.map((b) => b.crops.length)).toEqual([4, 4, 3]);
    expect(batches.flatMap((b) => b.crops).sort((a, b) => a - b)).toEqual(widths.map((_, i) => i));
  });

  it('keeps equal widths in input order and rounds fractional widths up', () => {
    expect(planRecognitionBatches([50, 50.2, 50], { batchSize: 8, minWidth: 0 })).toEqual([
      { crops: [0, 2, 1], width: 51 },
    ]);
  });

  it('returns no batches for no crops and rejects a batch size below 1', () => {
    expect(planRecognitionBatches([], { batchSize: 8, minWidth: 320 })).toEqual([]);
    expect(() => planRecognitionBatches([10], { batchSize: 0, minWidth: 0 })).toThrow(RangeError);
  });
});
