// How text-line crops are grouped for the recogniser: sorted by width so each batch pads little, every crop in a
// batch padded (on the right) to the batch's widest crop, and never narrower than a floor.

export interface RecognitionBatch {
  /** Indices into the crops given to planRecognitionBatches, narrowest first. */
  crops: number[];
  /** The common input width of the batch: its widest crop, at least the floor. */
  width: number;
}

export interface RecognitionBatchOptions {
  /** Crops per model call. */
  batchSize: number;
  /** Narrower batches are padded up to this width. */
  minWidth: number;
}

/** Splits crops of the given widths into batches of at most `batchSize`, by increasing width. */
export function planRecognitionBatches(
  widths: readonly number[],
  { batchSize, minWidth }: RecognitionBatchOptions,
): RecognitionBatch[] {
  if (!Number.isInteger(batchSize) || batchSize < 1)
    throw new RangeError(`recognition batch size must be a positive integer, got ${batchSize}`);
  const order = widths.map((_, i) => i).sort((a, b) => widths[a]! - widths[b]! || a - b);
  const batches: RecognitionBatch[] = [];
  for (let start = 0; start < order.length; start += batchSize) {
    const crops = order.slice(start, start + batchSize);
    // Sorted ascending, so the batch's last crop is its widest.
    batches.push({ crops, width: Math.max(minWidth, Math.ceil(widths[crops.at(-1)!]!)) });
  }
  return batches;
}

/** Pixel columns the model reads beyond the crops themselves (what batching and the floor cost). */
export function paddedColumns(widths: readonly number[], batches: readonly RecognitionBatch[]): number {
  let padding = 0;
  for (const batch of batches) for (const crop of batch.crops) padding += batch.width - widths[crop]!;
  return padding;
}
