// Measures load time and passages/s of the ONNX embedders (and the cross-encoder) on this machine, for ~256
// typical 100–200-token passages:  npx tsx scripts/models/bench-embedders.ts [--passages 256] [--threads 2]
//   [--batch N] [--models bge-small-en-v1.5,bge-small-en-v1.5-q] [--rerank]
import * as fs from 'node:fs';
import { CrossEncoderReranker } from '../../src/embed/cross-encoder';
import { measureEmbeddingThroughput } from '../../src/embed/embed-throughput';
import { EMBEDDING_MODELS, isOnnxEmbeddingModelName } from '../../src/embed/model-catalogue';
import { ensureEmbeddingModel, ensureRerankerModel } from '../../src/embed/model-assets';
import { OnnxEmbedder } from '../../src/embed/onnx-embedder';

const SENTENCES = [
  'The annual report summarises revenue, operating costs and the outlook for the next fiscal year.',
  'Table 3 lists the measured latency of each configuration under a sustained load of 500 requests per second.',
  'As shown in Figure 2, the error rate falls sharply once the training set exceeds ten thousand examples.',
  'Section 4.1 describes the maintenance procedure for the hydraulic pump, including the torque values for every bolt.',
  'Participants were recruited from three hospitals and followed for a median of 18 months.',
  'The committee recommends that the policy be reviewed every two years to reflect changes in regulation.',
  'Before replacing the filter, disconnect the unit from the mains and wait until the capacitor has discharged.',
  'Our method builds a graph of pages and sections, then walks it to collect evidence for each sub-question.',
  'Net income rose by 12 % compared with the previous year, driven mainly by growth in the services segment.',
  'The survey shows that most respondents prefer remote work for at least two days a week.',
  'A cross-encoder scores each query and passage jointly, which is slower than a bi-encoder but more accurate.',
  'Soil samples were dried at 105 °C for 24 hours and weighed to determine their moisture content.',
  'The contract may be terminated by either party with ninety days of written notice.',
  'Figure 7 compares the proposed design with the baseline across five benchmark datasets.',
  'In the second quarter, supply chain disruptions delayed deliveries to customers in Europe and Asia.',
  'The device supports firmware updates over the air; see Appendix B for the list of supported versions.',
  'Each chapter ends with exercises that apply the concepts to real datasets drawn from public sources.',
  'The results suggest that the effect is robust to the choice of hyperparameters within a reasonable range.',
  'Ambient temperature must remain between 5 and 40 degrees Celsius for the warranty to apply.',
  'We thank the reviewers for their detailed comments, which substantially improved the paper.',
  'The risk assessment identifies cybersecurity, currency fluctuations and key-person dependency as major risks.',
  'Students who completed the tutoring programme scored on average eight points higher on the final exam.',
  'The slide deck outlines the product roadmap, pricing tiers and the go-to-market plan for 2025.',
  'Chlorophyll absorbs mostly blue and red light, and the captured energy drives the Calvin cycle.',
];

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

/** Deterministic passages of 100–200 tokens (bge tokenizer) made of report-like sentences. */
function passages(count: number, countTokens: (t: string) => number): string[] {
  let seed = 42;
  const next = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const out: string[] = [];
  while (out.length < count) {
    const target = 100 + Math.floor(next() * 100);
    let text = '';
    while (countTokens(text) < target) text += `${SENTENCES[Math.floor(next() * SENTENCES.length)]} `;
    out.push(text.trim());
  }
  return out;
}

async function main(): Promise<void> {
  const count = Number(arg('passages', '256'));
  const threads = Number(arg('threads', '2'));
  // Without --batch each model uses its own default (32 for fp32, 1 for int8: see EmbeddingModelSpec).
  const batchArg = arg('batch', '');
  const batchSize = batchArg ? Number(batchArg) : undefined;
  const models = arg('models', Object.keys(EMBEDDING_MODELS).join(','))
    .split(',')
    .filter(isOnnxEmbeddingModelName);
  const results: Record<string, unknown>[] = [];
  let texts: string[] | undefined;
  for (const model of models) {
    const installed = await ensureEmbeddingModel(model);
    const start = process.hrtime.bigint();
    const embedder = await OnnxEmbedder.load(model, { threads, batchSize });
    const loadSeconds = Number(process.hrtime.bigint() - start) / 1e9;
    texts ??= passages(count, (t) => embedder.countTokens(t));
    const t = await measureEmbeddingThroughput(embedder, texts);
    await embedder.close();
    const row = {
      model,
      onnxMB: +(fs.statSync(installed.modelPath).size / 2 ** 20).toFixed(1),
      loadSeconds: +loadSeconds.toFixed(2),
      batchSize: embedder.batchSize,
      threads,
      passages: t.passages,
      meanTokens: +t.meanTokens.toFixed(1),
      seconds: +t.seconds.toFixed(2),
      passagesPerSecond: +t.passagesPerSecond.toFixed(1),
      tokensPerSecond: Math.round(t.tokensPerSecond),
    };
    results.push(row);
    console.log(JSON.stringify(row));
  }
  if (process.argv.includes('--rerank') && texts) {
    await ensureRerankerModel();
    const reranker = CrossEncoderReranker.fromConfig({ threads, batchSize });
    const start = process.hrtime.bigint();
    await reranker.score('warm up', ['load the model']);
    const loadSeconds = Number(process.hrtime.bigint() - start) / 1e9;
    const pairs = texts.slice(0, 64);
    const t0 = process.hrtime.bigint();
    await reranker.score('what drove the growth in net income?', pairs);
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    await reranker.close();
    const row = {
      model: 'ms-marco-MiniLM-L-12-v2-int8',
      loadSeconds: +loadSeconds.toFixed(2),
      pairs: pairs.length,
      seconds: +seconds.toFixed(2),
      pairsPerSecond: +(pairs.length / seconds).toFixed(1),
    };
    results.push(row);
    console.log(JSON.stringify(row));
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exit(1);
});
