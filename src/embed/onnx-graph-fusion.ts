import {
  ATTRIBUTE_FLOAT,
  FLOAT,
  type GraphProto,
  type ModelProto,
  type NodeProto,
  onnxModelType,
  type TensorProto,
  toNumber,
} from './onnx-proto';

// Exact rewrites of an ONNX graph that onnxruntime's optimizer leaves undone: Paddle exports spell activations out
// as scalar Mul/Add/Clip/Div nodes; folding the affines into the convolutions and writing hard-swish as
// x · HardSigmoid(x) keeps the outputs (~1e-6) and halves OCR recognition time (docs/measurements.md, "OCR").

/** How many of each rewrite a model got. */
export interface FusionReport {
  /** Constant nodes turned into initializers, so the folds below can read their values. */
  constantsHoisted: number;
  /** Conv → Mul(s) → Add(b) folded into the Conv's weights and bias. */
  affinesIntoConv: number;
  /** Add 3 → Clip 0..6 → Mul → Div 6 written as x · HardSigmoid(x). */
  hardSwishes: number;
  /** Mul(s) → Add(b) → Conv folded into the Conv that reads it. */
  affinesIntoNextConv: number;
}

/** Rewrites the model's graph (see above) and returns the new model bytes with what was rewritten. */
export function fuseOnnxModel(bytes: Uint8Array): { model: Uint8Array; report: FusionReport } {
  const type = onnxModelType();
  const model = type.decode(bytes) as unknown as ModelProto;
  const graph = new GraphEditor(model.graph);
  const report: FusionReport = {
    constantsHoisted: graph.hoistConstants(),
    affinesIntoConv: graph.foldAffinesIntoConv(),
    hardSwishes: graph.fuseHardSwishes(),
    affinesIntoNextConv: graph.foldAffinesIntoNextConv(),
  };
  graph.dropUnusedInitializers();
  return { model: type.encode(model).finish(), report };
}

/** A graph with look-ups by tensor name; nodes are removed by marking them and dropping them in one pass. */
class GraphEditor {
  private readonly initializers = new Map<string, TensorProto>();
  private readonly graphOutputs: Set<string>;

  constructor(private readonly graph: GraphProto) {
    for (const t of graph.initializer) this.initializers.set(t.name, t);
    this.graphOutputs = new Set(graph.output.map((o) => o.name));
  }

  hoistConstants(): number {
    const hoisted = new Set<NodeProto>();
    for (const node of this.graph.node) {
      const value = node.opType === 'Constant' && node.attribute.length === 1 ? node.attribute[0] : undefined;
      if (value?.name !== 'value' || !value.t) continue;
      const tensor = { ...value.t, name: node.output[0]! };
      this.graph.initializer.push(tensor);
      this.initializers.set(tensor.name, tensor);
      hoisted.add(node);
    }
    this.remove(hoisted);
    return hoisted.size;
  }

  /** conv(x)·s + b = conv'(x) with W' = s·W and B' = s·B + b. */
  foldAffinesIntoConv(): number {
    const folded = new Set<NodeProto>();
    const consumers = this.consumers();
    for (const conv of this.graph.node) {
      if (conv.opType !== 'Conv') continue;
      const mul = this.soleConsumer(consumers, conv.output[0]!, 'Mul');
      const affine = mul && this.scalarAffine(consumers, mul);
      const weight = affine && this.floatInitializer(conv.input[1]);
      if (!weight) continue;
      const { scale, add, shift } = affine;
      const bias = this.floatInitializer(conv.input[2])?.values ?? new Float32Array(weight.dims[0]!);
      conv.input[1] = this.addInitializer(
        `${conv.input[1]}_folded`,
        scaled(weight.values, scale.value),
        weight.dims,
      );
      const newBias = bias.map((v) => v * scale.value + shift.value);
      conv.input[2] = this.addInitializer(`${conv.output[0]}_folded_bias`, newBias, [newBias.length]);
      conv.output[0] = add.output[0]!;
      folded.add(mul).add(add);
    }
    this.remove(folded);
    return folded.size / 2;
  }

  /** x · clip(x + 3, 0, 6) / 6 = x · HardSigmoid(x; α = 1/6, β = 1/2). */
  fuseHardSwishes(): number {
    const replaced = new Set<NodeProto>();
    const consumers = this.consumers();
    for (const add of this.graph.node) {
      if (add.opType !== 'Add' || this.scalarOperand(add)?.value !== 3) continue;
      const x = this.scalarOperand(add)!.other;
      const clip = this.soleConsumer(consumers, add.output[0]!, 'Clip');
      if (!clip || !this.clipsToZeroSix(clip)) continue;
      const mul = this.soleConsumer(consumers, clip.output[0]!, 'Mul');
      if (!mul || !mul.input.includes(x)) continue;
      const div = this.soleConsumer(consumers, mul.output[0]!, 'Div');
      if (!div || this.scalarOperand(div)?.value !== 6 || div.input[0] !== mul.output[0]) continue;
      const gate = `${div.output[0]}_hard_sigmoid`;
      Object.assign(add, {
        opType: 'HardSigmoid',
        input: [x],
        output: [gate],
        attribute: [
          { name: 'alpha', type: ATTRIBUTE_FLOAT, f: 1 / 6 },
          { name: 'beta', type: ATTRIBUTE_FLOAT, f: 0.5 },
        ],
      });
      Object.assign(div, { opType: 'Mul', input: [x, gate], attribute: [] });
      replaced.add(clip).add(mul);
    }
    this.remove(replaced);
    return replaced.size / 2;
  }

  /**
   * conv(s·x + b) = conv'(x) with W' = s·W and, when the Conv pads nothing, B' = B + b·ΣW. A padded Conv would pad
   * s·x + b with zeros, so there the shift stays, divided by s, before it: conv'(x + b/s).
   */
  foldAffinesIntoNextConv(): number {
    let count = 0;
    const removed = new Set<NodeProto>();
    const consumers = this.consumers();
    for (const mul of this.graph.node) {
      const affine = mul.opType === 'Mul' ? this.scalarAffine(consumers, mul) : undefined;
      if (!affine || affine.scale.value === 0) continue;
      const { scale, add, shift } = affine;
      const conv = this.soleConsumer(consumers, add.output[0]!, 'Conv');
      const weight = conv && conv.input[0] === add.output[0] && this.floatInitializer(conv.input[1]);
      if (!weight) continue;
      const bias = this.floatInitializer(conv.input[2])?.values ?? new Float32Array(weight.dims[0]!);
      conv.input[1] = this.addInitializer(
        `${conv.input[1]}_folded_in`,
        scaled(weight.values, scale.value),
        weight.dims,
      );
      if (padsAnything(conv)) {
        add.input = [
          scale.other,
          this.addInitializer(`${add.output[0]}_shift`, Float32Array.of(shift.value / scale.value), []),
        ];
        removed.add(mul);
      } else {
        const perOutput = weight.values.length / bias.length;
        const newBias = bias.map((v, o) => {
          let sum = 0;
          for (let k = o * perOutput; k < (o + 1) * perOutput; k++) sum += weight.values[k]!;
          return v + shift.value * sum;
        });
        conv.input[2] = this.addInitializer(`${conv.output[0]}_folded_in_bias`, newBias, [newBias.length]);
        conv.input[0] = scale.other;
        removed.add(mul).add(add);
      }
      count++;
    }
    this.remove(removed);
    return count;
  }

  dropUnusedInitializers(): void {
    const used = new Set(this.graph.node.flatMap((n) => n.input));
    this.graph.initializer = this.graph.initializer.filter(
      (t) => used.has(t.name) || this.graphOutputs.has(t.name),
    );
  }

  private consumers(): Map<string, NodeProto[]> {
    const map = new Map<string, NodeProto[]>();
    for (const node of this.graph.node)
      for (const input of node.input) map.set(input, [...(map.get(input) ?? []), node]);
    return map;
  }

  /** The one node reading `tensor`, when it has the given type and the tensor is not also a graph output. */
  private soleConsumer(
    consumers: Map<string, NodeProto[]>,
    tensor: string,
    opType: string,
  ): NodeProto | undefined {
    const readers = consumers.get(tensor) ?? [];
    const reader = readers.length === 1 ? readers[0] : undefined;
    return reader?.opType === opType && !this.graphOutputs.has(tensor) && (reader.domain ?? '') === ''
      ? reader
      : undefined;
  }

  /** `mul` times a scalar, then plus a scalar (its sole reader): the two values and the Add. */
  private scalarAffine(consumers: Map<string, NodeProto[]>, mul: NodeProto) {
    const scale = this.scalarOperand(mul);
    const add = scale && this.soleConsumer(consumers, mul.output[0]!, 'Add');
    const shift = add && this.scalarOperand(add);
    return shift ? { scale, add, shift } : undefined;
  }

  /** For a binary node with one single-value float initializer operand: that value and the other operand. */
  private scalarOperand(node: NodeProto): { value: number; other: string } | undefined {
    if (node.input.length !== 2) return undefined;
    const [a, b] = node.input as [string, string];
    const ta = this.floatInitializer(a);
    const tb = this.floatInitializer(b);
    if (ta && !tb && ta.values.length === 1 && !this.initializers.has(b))
      return { value: ta.values[0]!, other: b };
    if (tb && !ta && tb.values.length === 1 && !this.initializers.has(a))
      return { value: tb.values[0]!, other: a };
    return undefined;
  }

  private clipsToZeroSix(clip: NodeProto): boolean {
    const attr = (name: string) => clip.attribute.find((a) => a.name === name)?.f;
    if (clip.input.length === 1) return attr('min') === 0 && attr('max') === 6;
    // opset ≥ 11: min and max are inputs
    const [, min, max] = clip.input;
    return this.floatInitializer(min)?.values[0] === 0 && this.floatInitializer(max)?.values[0] === 6;
  }

  private floatInitializer(name: string | undefined): { values: Float32Array; dims: number[] } | undefined {
    const tensor = name ? this.initializers.get(name) : undefined;
    if (!tensor || tensor.dataType !== FLOAT) return undefined;
    const values =
      tensor.rawData && tensor.rawData.length > 0
        ? new Float32Array(new Uint8Array(tensor.rawData).buffer) // a copy: decoded bytes need not be 4-aligned
        : Float32Array.from(tensor.floatData ?? []);
    return { values, dims: tensor.dims.map(toNumber) };
  }

  private addInitializer(name: string, values: Float32Array, dims: readonly number[]): string {
    let unique = name;
    for (let i = 2; this.initializers.has(unique); i++) unique = `${name}_${i}`;
    const tensor: TensorProto = {
      name: unique,
      dims: [...dims],
      dataType: FLOAT,
      rawData: new Uint8Array(values.buffer, values.byteOffset, values.byteLength),
      floatData: [],
    };
    this.graph.initializer.push(tensor);
    this.initializers.set(unique, tensor);
    return unique;
  }

  private remove(nodes: Set<NodeProto>): void {
    if (nodes.size > 0) this.graph.node = this.graph.node.filter((n) => !nodes.has(n));
  }
}

const scaled = (values: Float32Array, factor: number) => values.map((v) => v * factor);

function padsAnything(conv: NodeProto): boolean {
  const pads = conv.attribute.find((a) => a.name === 'pads')?.ints ?? [];
  const autoPad = conv.attribute.find((a) => a.name === 'auto_pad')?.s;
  const padMode = autoPad ? Buffer.from(autoPad).toString() : 'NOTSET';
  return pads.some((p) => toNumber(p) !== 0) || padMode.startsWith('SAME');
}
