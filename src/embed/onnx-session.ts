import * as ort from 'onnxruntime-node';
import type { EncodedInput } from './bert-tokenizer';
import { EmbedError, EmbedErrorCode } from './embed.errors';

export interface RunnerOutput {
  data: Float32Array;
  dims: readonly number[];
}

/** Runs one padded batch of encoded inputs through a BERT-style model; a fake in small specs. */
export interface EncoderRunner {
  run(batch: readonly EncodedInput[], padId: number): Promise<RunnerOutput>;
  close(): Promise<void>;
}

export interface SessionOptions {
  /** Intra-op threads (the parallelism inside one matrix multiply). */
  threads: number;
  /** Which output to return; the first output when omitted. */
  outputName?: string;
}

/** onnxruntime-node session over a BERT-style encoder with int64 input_ids / attention_mask / token_type_ids. */
export class OnnxEncoderSession implements EncoderRunner {
  private closed = false;

  private constructor(
    private readonly session: ort.InferenceSession,
    private readonly outputName: string,
  ) {}

  static async load(modelPath: string, opts: SessionOptions): Promise<OnnxEncoderSession> {
    let session: ort.InferenceSession;
    try {
      session = await ort.InferenceSession.create(modelPath, {
        executionProviders: ['cpu'],
        intraOpNumThreads: opts.threads,
        interOpNumThreads: 1,
        executionMode: 'sequential',
        graphOptimizationLevel: 'all',
        // Idle intra-op threads block instead of spinning: measured on the shared 2-core machine, spinning doubled
        // the CPU per query embedding (19 → 11 ms) and slowed it under load, taking the cores Neo4j needs.
        extra: { session: { intra_op: { allow_spinning: '0' } } },
      });
    } catch (err) {
      throw new EmbedError(
        EmbedErrorCode.BACKEND_FAILED,
        `onnxruntime could not load ${modelPath}: ${(err as Error).message}`,
        {
          cause: err,
        },
      );
    }
    const unsupported = session.inputNames.filter((n) => !SUPPORTED_INPUTS.has(n));
    const outputName = opts.outputName ?? session.outputNames[0];
    if (
      unsupported.length > 0 ||
      !session.inputNames.includes('input_ids') ||
      !outputName ||
      !session.outputNames.includes(outputName)
    ) {
      await session.release();
      throw new EmbedError(
        EmbedErrorCode.INVALID_CONFIG,
        `${modelPath} is not a BERT-style encoder Folio can drive: inputs [${session.inputNames.join(', ')}], ` +
          `outputs [${session.outputNames.join(', ')}]; expected inputs among input_ids, attention_mask, token_type_ids` +
          (opts.outputName ? ` and an output '${opts.outputName}'.` : '.'),
      );
    }
    return new OnnxEncoderSession(session, outputName);
  }

  async run(batch: readonly EncodedInput[], padId: number): Promise<RunnerOutput> {
    if (this.closed) throw new EmbedError(EmbedErrorCode.CLOSED, 'The ONNX session is closed.');
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
    const all: Record<string, ort.Tensor> = {
      input_ids: new ort.Tensor('int64', ids, [rows, width]),
      attention_mask: new ort.Tensor('int64', mask, [rows, width]),
      token_type_ids: new ort.Tensor('int64', types, [rows, width]),
    };
    const feeds: Record<string, ort.Tensor> = {};
    for (const name of this.session.inputNames) feeds[name] = all[name] as ort.Tensor;
    const out = await this.session.run(feeds, [this.outputName]);
    const tensor = out[this.outputName];
    if (!tensor || tensor.type !== 'float32') {
      throw new EmbedError(
        EmbedErrorCode.BACKEND_FAILED,
        `Model output '${this.outputName}' is missing or not float32.`,
      );
    }
    return { data: tensor.data as Float32Array, dims: tensor.dims };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.session.release();
  }
}

const SUPPORTED_INPUTS = new Set(['input_ids', 'attention_mask', 'token_type_ids']);
