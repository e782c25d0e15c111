// @ts-check
// One single-threaded onnxruntime session in a worker thread (see onnx-worker-pool.ts). Plain JavaScript because a
// worker loads a file as it is, under ts-jest and tsx as well as from dist (nest-cli.json copies it there).
'use strict';
const { parentPort, workerData } = require('node:worker_threads');

/** @type {{ ortPath: string; modelPath: string; modelBytes?: Uint8Array; firstTokenOnly: boolean }} */
const { ortPath, modelPath, modelBytes, firstTokenOnly } = workerData;
/** @type {typeof import('onnxruntime-node')} */
const ort = require(ortPath);
const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);

/**
 * @typedef {{ type: 'float32' | 'int64'; data: Float32Array | BigInt64Array; dims: number[] }} FeedTensor
 * @typedef {{ type: 'run'; id: number; feeds: Record<string, FeedTensor>; output: string }} RunRequest
 */

ort.InferenceSession.create(modelBytes ?? modelPath, {
  executionProviders: ['cpu'],
  // Parallelism comes from several workers: one thread per session scaled better than intra-op threads here.
  intraOpNumThreads: 1,
  interOpNumThreads: 1,
  executionMode: 'sequential',
  graphOptimizationLevel: 'all',
  extra: { session: { intra_op: { allow_spinning: '0' } } },
}).then(
  (session) => {
    port.postMessage({ type: 'ready', inputNames: session.inputNames, outputNames: session.outputNames });
    port.on('message', (/** @type {RunRequest | { type: 'close' }} */ request) => {
      if (request.type === 'close') {
        void session.release().finally(() => port.postMessage({ type: 'closed' }));
        return;
      }
      run(session, request).then(
        ({ data, dims }) => port.postMessage({ type: 'result', id: request.id, data, dims }, [data.buffer]),
        (err) => port.postMessage({ type: 'result', id: request.id, error: String(err?.message ?? err) }),
      );
    });
  },
  (err) => port.postMessage({ type: 'failed', error: String(err?.message ?? err) }),
);

/**
 * @param {import('onnxruntime-node').InferenceSession} session
 * @param {RunRequest} request
 */
async function run(session, { feeds, output }) {
  /** @type {Record<string, import('onnxruntime-node').Tensor>} */
  const tensors = {};
  for (const [name, { type, data, dims }] of Object.entries(feeds))
    tensors[name] = new ort.Tensor(type, data, dims);
  const tensor = (await session.run(tensors, [output]))[output];
  if (!tensor || tensor.type !== 'float32')
    throw new Error(`Model output '${output}' is missing or not float32.`);
  const data = /** @type {Float32Array} */ (tensor.data);
  const dims = tensor.dims;
  // An embedder reads only the first token of each row: sending [rows, 1, hidden] instead of the whole sequence.
  if (firstTokenOnly && dims.length === 3) {
    const [rows, seq, hidden] = /** @type {[number, number, number]} */ (dims);
    const first = new Float32Array(rows * hidden);
    for (let r = 0; r < rows; r++)
      first.set(data.subarray(r * seq * hidden, r * seq * hidden + hidden), r * hidden);
    return { data: first, dims: [rows, 1, hidden] };
  }
  return { data: new Float32Array(data), dims };
}
