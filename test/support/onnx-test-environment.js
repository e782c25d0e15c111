// Jest runs each test file in its own vm realm, but onnxruntime-node builds its output tensors from typed arrays
// of Node's main realm, and onnxruntime-common's `instanceof Float32Array` check then fails inside Jest with
// "A float32 tensor's data must be type of function Float32Array()". This environment gives the test realm the
// main realm's typed-array constructors. It is the environment of the integration and e2e projects (jest.config.js), which run real ONNX inference.
const { TestEnvironment } = require('jest-environment-node');

const TYPED_ARRAYS = [
  'Float32Array',
  'Float64Array',
  'Int8Array',
  'Uint8Array',
  'Uint8ClampedArray',
  'Int16Array',
  'Uint16Array',
  'Int32Array',
  'Uint32Array',
  'BigInt64Array',
  'BigUint64Array',
];

class OnnxTestEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of TYPED_ARRAYS) this.global[name] = globalThis[name];
  }
}

module.exports = OnnxTestEnvironment;
