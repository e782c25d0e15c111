// Picks ONNX intra-op threads × batch size by measurement on what ingestion now embeds: the retrieval units of
// real filings (parsed and laid out in-process, no Neo4j), each combination timed over the same texts after a
// warm-up. Usage: npx tsx scripts/bench/embed-threads-batch.ts PDF... [--texts N] — prints a table and writes
// bench-results/embed-threads-batch.json. Timings on a shared machine are upper bounds.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { createEmbedder } from '../../src/embed/create-embedder';
import type { OnnxEmbeddingModelName } from '../../src/embed/model-catalogue';
import { measureEmbeddingThroughput } from '../../src/embed/embed-throughput';
import { unitSources } from '../../src/ingest/graph-rows';
import { analyzeLayout } from '../../src/ingest/layout/analyze-layout';
import { parsePdf } from '../../src/ingest/pdf/pdf-parser';
import { buildRetrievalUnits } from '../../src/ingest/retrieval-units';

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      texts: { type: 'string', default: '128' },
      model: { type: 'string', default: 'bge-small-en-v1.5-q' },
    },
  });
  const wanted = Number(values.texts);
  const modelName = values.model as OnnxEmbeddingModelName;
  const probe = await createEmbedder({ backend: 'onnx', model: modelName });
  const texts: string[] = [];
  for (const file of positionals) {
    const parsed = await parsePdf(new Uint8Array(fs.readFileSync(file)));
    const model = analyzeLayout(parsed, {
      maxTokens: probe.maxTokens - 32,
      countTokens: (s) => probe.countTokens(s),
      fileName: path.basename(file),
    });
    texts.push(
      ...buildRetrievalUnits(unitSources('x', model), (t) => probe.countTokens(t)).map((u) => u.text),
    );
  }
  await probe.close();
  // Spread over the documents rather than the first pages of the first one.
  const step = Math.max(1, Math.floor(texts.length / wanted));
  const sample = texts.filter((_, i) => i % step === 0).slice(0, wanted);
  const rows: Array<Record<string, number>> = [];
  for (const threads of [1, 2]) {
    for (const batchSize of [1, 8, 16, 32]) {
      const embedder = await createEmbedder({ backend: 'onnx', model: modelName, threads, batchSize });
      const r = await measureEmbeddingThroughput(embedder, sample);
      await embedder.close();
      rows.push({
        threads,
        batchSize,
        passages: r.passages,
        meanTokens: Math.round(r.meanTokens),
        passagesPerSecond: Number(r.passagesPerSecond.toFixed(1)),
        tokensPerSecond: Math.round(r.tokensPerSecond),
      });
      process.stdout.write(`${JSON.stringify(rows[rows.length - 1])}\n`);
    }
  }
  fs.mkdirSync('bench-results', { recursive: true });
  fs.writeFileSync('bench-results/embed-threads-batch.json', `${JSON.stringify(rows, null, 2)}\n`);
}

void main();
