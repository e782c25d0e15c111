import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { EmbedError, EmbedErrorCode } from './embed.errors';

/** An input tensor as plain data, sent to a worker (its buffer is transferred, not copied). */
export interface FeedTensor {
  type: 'float32' | 'int64';
  data: Float32Array | BigInt64Array;
  dims: readonly number[];
}

export interface PoolOutput {
  data: Float32Array;
  dims: readonly number[];
}

export interface WorkerPoolOptions {
  /** Worker threads, each with its own single-threaded session: the cores inference may use. */
  threads: number;
  /** Return only the first token of each row ([rows, 1, hidden]): all an embedder with [CLS] pooling reads. */
  firstTokenOnly?: boolean;
  /** The model's bytes when they are not the file's (a graph rewritten in memory); the path then only names it. */
  modelBytes?: Uint8Array;
}

/**
 * One ONNX model in several worker threads, one single-threaded session each: inference is synchronous in
 * onnxruntime-node, so in workers GraphQL keeps answering (speed-ups: docs/measurements.md, "Inference in worker threads"). */
export class OnnxWorkerPool {
  readonly concurrency: number;
  readonly inputNames: readonly string[];
  readonly outputNames: readonly string[];
  private readonly idle: SessionWorker[];
  private readonly waiting: Array<(worker: SessionWorker) => void> = [];
  private closed = false;

  private constructor(private readonly workers: SessionWorker[]) {
    this.concurrency = workers.length;
    this.idle = [...workers];
    this.inputNames = workers[0]!.inputNames;
    this.outputNames = workers[0]!.outputNames;
  }

  /** Starts the workers; BACKEND_FAILED (naming the file) when onnxruntime cannot load the model. */
  static async load(modelPath: string, opts: WorkerPoolOptions): Promise<OnnxWorkerPool> {
    const started = Array.from({ length: opts.threads }, () => SessionWorker.start(modelPath, opts));
    const settled = await Promise.allSettled(started);
    const workers = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const failure = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failure || workers.length === 0) {
      await Promise.all(workers.map((w) => w.close()));
      const reason = (failure?.reason as Error | undefined)?.message ?? 'no worker started';
      throw new EmbedError(
        EmbedErrorCode.BACKEND_FAILED,
        `onnxruntime could not load ${modelPath}: ${reason}`,
        {
          cause: failure?.reason,
        },
      );
    }
    return new OnnxWorkerPool(workers);
  }

  /** Runs the model on `feeds` and returns `output` (the first output when omitted). */
  async run(feeds: Record<string, FeedTensor>, output = this.outputNames[0]!): Promise<PoolOutput> {
    const worker = await this.acquire();
    try {
      return await worker.run(feeds, output);
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

type WorkerMessage =
  | { type: 'ready'; inputNames: string[]; outputNames: string[] }
  | { type: 'failed'; error: string }
  | { type: 'result'; id: number; data?: Float32Array; dims?: number[]; error?: string }
  | { type: 'closed' };

/** One worker thread and its requests in flight. */
class SessionWorker {
  private nextId = 0;
  private readonly pending = new Map<
    number,
    { resolve: (o: PoolOutput) => void; reject: (e: Error) => void }
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

  static start(modelPath: string, opts: WorkerPoolOptions): Promise<SessionWorker> {
    const worker = new Worker(join(__dirname, 'onnx-worker.js'), {
      workerData: {
        ortPath: require.resolve('onnxruntime-node'),
        modelPath,
        modelBytes: opts.modelBytes,
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

  run(feeds: Record<string, FeedTensor>, output: string): Promise<PoolOutput> {
    if (this.closing) return Promise.reject(closedError());
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.ref();
      const buffers = Object.values(feeds).map((f) => f.data.buffer as ArrayBuffer);
      this.worker.postMessage({ type: 'run', id, feeds, output }, [...new Set(buffers)]);
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
