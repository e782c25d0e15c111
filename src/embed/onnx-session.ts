import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { EncodedInput } from './bert-tokenizer';
import { EmbedError, EmbedErrorCode } from './embed.errors';

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

/**
 * onnxruntime sessions over a BERT-style encoder (int64 input_ids / attention_mask / token_type_ids), one per worker
 * thread. onnxruntime-node runs inference synchronously on the calling thread, so in-process sessions blocked the
 * event loop for the whole of an embedding stage; in workers, GraphQL keeps answering and the main thread parses
 * the next document meanwhile. Measured on the 2-core machine: two single-threaded workers embed 1.5× (220 tokens)
 * to 1.9× (60 tokens) as many texts per second as one session with two intra-op threads.
 */
export class OnnxSessionPool implements EncoderRunner {
  readonly concurrency: number;
  private readonly idle: SessionWorker[];
  private readonly waiting: Array<(worker: SessionWorker) => void> = [];
  private closed = false;

  private constructor(private readonly workers: SessionWorker[]) {
    this.concurrency = workers.length;
    this.idle = [...workers];
  }

  static async load(modelPath: string, opts: SessionPoolOptions): Promise<OnnxSessionPool> {
    const started = Array.from({ length: opts.threads }, () => SessionWorker.start(modelPath, opts));
    const settled = await Promise.allSettled(started);
    const workers = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const failure = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failure) {
      await Promise.all(workers.map((w) => w.close()));
      throw new EmbedError(
        EmbedErrorCode.BACKEND_FAILED,
        `onnxruntime could not load ${modelPath}: ${(failure.reason as Error).message}`,
        { cause: failure.reason },
      );
    }
    const { inputNames, outputNames } = workers[0]!;
    const unsupported = inputNames.filter((n) => !SUPPORTED_INPUTS.has(n));
    const outputName = opts.outputName ?? outputNames[0];
    if (
      unsupported.length > 0 ||
      !inputNames.includes('input_ids') ||
      !outputName ||
      !outputNames.includes(outputName)
    ) {
      await Promise.all(workers.map((w) => w.close()));
      throw new EmbedError(
        EmbedErrorCode.INVALID_CONFIG,
        `${modelPath} is not a BERT-style encoder Folio can drive: inputs [${inputNames.join(', ')}], ` +
          `outputs [${outputNames.join(', ')}]; expected inputs among input_ids, attention_mask, token_type_ids` +
          (opts.outputName ? ` and an output '${opts.outputName}'.` : '.'),
      );
    }
    return new OnnxSessionPool(workers);
  }

  async run(batch: readonly EncodedInput[], padId: number): Promise<RunnerOutput> {
    const worker = await this.acquire();
    try {
      return await worker.run(padBatch(batch, padId));
    } finally {
      this.release(worker);
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all(this.workers.map((w) => w.close()));
  }

  private acquire(): Promise<SessionWorker> {
    if (this.closed) return Promise.reject(closedError());
    const worker = this.idle.pop();
    if (worker) return Promise.resolve(worker);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(worker: SessionWorker): void {
    const next = this.waiting.shift();
    if (next) next(worker);
    else this.idle.push(worker);
  }
}

interface PaddedBatch {
  rows: number;
  width: number;
  ids: BigInt64Array;
  mask: BigInt64Array;
  types: BigInt64Array;
}

function padBatch(batch: readonly EncodedInput[], padId: number): PaddedBatch {
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
  return { rows, width, ids, mask, types };
}

type WorkerMessage =
  | { type: 'ready'; inputNames: string[]; outputNames: string[] }
  | { type: 'failed'; error: string }
  | { type: 'result'; id: number; data?: Float32Array; dims?: number[]; error?: string }
  | { type: 'closed' };

/** One worker thread (src/embed/onnx-worker.js) and its requests in flight. */
class SessionWorker {
  private nextId = 0;
  private readonly pending = new Map<
    number,
    { resolve: (o: RunnerOutput) => void; reject: (e: Error) => void }
  >();
  private failure: Error | undefined;
  private closing: Promise<void> | undefined;

  private constructor(
    private readonly worker: Worker,
    readonly inputNames: string[],
    readonly outputNames: string[],
  ) {
    worker.on('message', (m: WorkerMessage) => {
      if (m.type !== 'result') return;
      const request = this.pending.get(m.id);
      this.pending.delete(m.id);
      if (this.pending.size === 0) worker.unref();
      if (!request) return;
      if (m.error !== undefined || !m.data || !m.dims)
        request.reject(new EmbedError(EmbedErrorCode.BACKEND_FAILED, `onnxruntime failed: ${m.error}`));
      else request.resolve({ data: m.data, dims: m.dims });
    });
    const fail = (err: Error) => {
      this.failure ??= new EmbedError(
        EmbedErrorCode.BACKEND_FAILED,
        `The onnxruntime worker stopped: ${err.message}`,
        { cause: err },
      );
      for (const { reject } of this.pending.values()) reject(this.failure);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`exit code ${code}`)));
  }

  static start(modelPath: string, opts: SessionPoolOptions): Promise<SessionWorker> {
    const worker = new Worker(join(__dirname, 'onnx-worker.js'), {
      workerData: {
        ortPath: require.resolve('onnxruntime-node'),
        modelPath,
        outputName: opts.outputName ?? null,
        firstTokenOnly: opts.firstTokenOnly ?? false,
      },
    });
    return new Promise((resolve, reject) => {
      const onError = (err: Error) => reject(err);
      worker.once('error', onError);
      worker.once('message', (m: WorkerMessage) => {
        worker.off('error', onError);
        if (m.type === 'ready') {
          // An idle worker must not keep a finished CLI command alive; it is ref'd while a request is in flight.
          worker.unref();
          resolve(new SessionWorker(worker, m.inputNames, m.outputNames));
        } else {
          void worker.terminate();
          reject(new Error(m.type === 'failed' ? m.error : `unexpected message '${m.type}'`));
        }
      });
    });
  }

  run(batch: PaddedBatch): Promise<RunnerOutput> {
    if (this.closing) return Promise.reject(closedError());
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.ref();
      this.worker.postMessage({ type: 'run', id, ...batch }, [
        batch.ids.buffer as ArrayBuffer,
        batch.mask.buffer as ArrayBuffer,
        batch.types.buffer as ArrayBuffer,
      ]);
    });
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      if (!this.failure) {
        this.worker.ref();
        const closed = new Promise<void>((resolve) => {
          this.worker.on('message', (m: WorkerMessage) => m.type === 'closed' && resolve());
          this.worker.once('exit', () => resolve());
        });
        this.worker.postMessage({ type: 'close' });
        await closed;
      }
      await this.worker.terminate();
    })();
    return this.closing;
  }
}

function closedError(): EmbedError {
  return new EmbedError(EmbedErrorCode.CLOSED, 'The ONNX session is closed.');
}
