import type { EncodedInput } from './bert-tokenizer';
import { EmbedError, EmbedErrorCode } from './embed.errors';
import { OnnxWorkerPool } from './onnx-worker-pool';

export interface RunnerOutput {
  data: Float32Array;
  dims: readonly number[];
}

/** Runs one padded batch of encoded inputs through a BERT-style model; a fake in small specs. */
export interface EncoderRunner {
  /** How many batches may usefully run at once. */
  readonly concurrency: number;
  run(batch: readonly EncodedInput[], padId: number): Promise<RunnerOutput>;
  close(): Promise<void>;
}

export interface SessionPoolOptions {
  /** Worker threads, each with its own single-threaded session: the cores inference may use. */
  threads: number;
  /** Which output to return; the first output when omitted. */
  outputName?: string;
  /** Return only the first token of each row ([rows, 1, hidden]): all an embedder with [CLS] pooling reads. */
  firstTokenOnly?: boolean;
}

const SUPPORTED_INPUTS = new Set(['input_ids', 'attention_mask', 'token_type_ids']);

/** A BERT-style encoder (int64 input_ids / attention_mask / token_type_ids) in an OnnxWorkerPool. */
export class OnnxSessionPool implements EncoderRunner {
  readonly concurrency: number;

  private constructor(
    private readonly pool: OnnxWorkerPool,
    private readonly outputName: string,
  ) {
    this.concurrency = pool.concurrency;
  }

  static async load(modelPath: string, opts: SessionPoolOptions): Promise<OnnxSessionPool> {
    const pool = await OnnxWorkerPool.load(modelPath, opts);
    const { inputNames, outputNames } = pool;
    const unsupported = inputNames.filter((n) => !SUPPORTED_INPUTS.has(n));
    const outputName = opts.outputName ?? outputNames[0];
    if (
      unsupported.length > 0 ||
      !inputNames.includes('input_ids') ||
      !outputName ||
      !outputNames.includes(outputName)
    ) {
      await pool.close();
      throw new EmbedError(
        EmbedErrorCode.INVALID_CONFIG,
        `${modelPath} is not a BERT-style encoder Folio can drive: inputs [${inputNames.join(', ')}], ` +
          `outputs [${outputNames.join(', ')}]; expected inputs among input_ids, attention_mask, token_type_ids` +
          (opts.outputName ? ` and an output '${opts.outputName}'.` : '.'),
      );
    }
    return new OnnxSessionPool(pool, outputName);
  }

  run(batch: readonly EncodedInput[], padId: number): Promise<RunnerOutput> {
    const rows = batch.length;
    const width = Math.max(1, ...batch.map((b) => b.ids.length));
    const ids = new BigInt64Array(rows * width).fill(BigInt(padId));
    const mask = new BigInt64Array(rows * width);
    const types = new BigInt64Array(rows * width);
    batch.forEach((input, r) => {
      input.ids.forEach((id, c) => {
        ids[r * width + c] = BigInt(id);
        mask[r * width + c] = 1n;
        types[r * width + c] = BigInt(input.typeIds[c] ?? 0);
      });
    });
    const dims = [rows, width];
    const all = {
      input_ids: { type: 'int64', data: ids, dims },
      attention_mask: { type: 'int64', data: mask, dims },
      token_type_ids: { type: 'int64', data: types, dims },
    } as const;
    const feeds = Object.fromEntries(
      this.pool.inputNames.map((name) => [name, all[name as keyof typeof all]]),
    );
    return this.pool.run(feeds, this.outputName);
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
