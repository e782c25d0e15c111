// Enrichment benchmark: SIMILAR_TO build time at growing page counts (near-linear: one vector-index query and
// K' MaxSim scores per page, never N²), Lite evolution time per 1k elements, and peak RSS.
//
//   npx tsx scripts/bench/enrich-bench.ts [--pages 1000,10000,100000] [--evolve 1000] [--out FILE]
//
// Uses the Neo4j of NEO4J_URI (default bolt://127.0.0.1:7687) and SYNTHETIC documents only: clustered unit
// vectors written straight into Neo4j under docIds `bench-enrich-<pages>-<random>`, deleted afterwards.
// Services are constructed by hand (no Nest DI), so tsx can run it. Lite evolution uses a hashing embedder: the
// time is the evolution's own (summaries, vector rounds, writes), not the embedding model's.
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../src/config/folio-config';
import type { Embedder } from '../../src/embed/embedder';
import type { EnrichStageContext } from '../../src/enrich/enrich-stage';
import { ContentEvolutionStage } from '../../src/enrich/evolution/content-evolution.stage';
import { EvolutionRepository } from '../../src/enrich/evolution/evolution.repository';
import { SimilarPagesStage } from '../../src/enrich/similarity/similar-pages.stage';
import { StageModels } from '../../src/enrich/stage-models';
import { SimilarityRepository } from '../../src/enrich/similarity/similarity.repository';
import { CypherRegistry } from '../../src/graph/cypher-registry';
import { GraphExecutor } from '../../src/graph/graph-executor';
import { MigrationService } from '../../src/graph/migration.service';
import { createNeo4jDriver } from '../../src/graph/graph.module';
import { IngestRepository } from '../../src/ingest/ingest.repository';
import { LlmService } from '../../src/llm/llm.service';
import { UsageMeter } from '../../src/llm/llm-usage';
import { writeSyntheticDocument } from './enrich-synthetic';

const DIMENSION = 384;
const ELEMENTS_PER_PAGE = 3;
const PAGES_PER_TOPIC = 25;

interface Row {
  task: string;
  size: number;
  writeSeconds: number;
  seconds: number;
  perThousand: number;
  output: string;
  rssMb: number;
}

function hashingEmbedder(): Embedder {
  const embed = (text: string) => {
    const v = new Float32Array(DIMENSION);
    for (const word of text.toLowerCase().split(/\W+/).filter(Boolean)) {
      let h = 2166136261;
      for (const ch of word) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
      v[h % DIMENSION]! += 1;
      v[(h >>> 9) % DIMENSION]! -= 0.5;
    }
    const n = Math.sqrt(v.reduce((s, x) => s + x * x, 0)) || 1;
    return v.map((x) => x / n);
  };
  return {
    modelName: 'hashing',
    dimension: DIMENSION,
    maxTokens: 512,
    embedPassages: async (texts) => texts.map(embed),
    embedQuery: async (t) => embed(t),
    countTokens: (t) => t.split(/\s+/).length,
    close: async () => undefined,
  };
}

/** The repository with wall time per SIMILAR_TO phase, so the table shows where growth comes from. */
class TimedSimilarityRepository extends SimilarityRepository {
  readonly ms = { coarse: 0, vectors: 0, write: 0 };

  private async timed<T>(phase: keyof TimedSimilarityRepository['ms'], work: Promise<T>): Promise<T> {
    const t0 = performance.now();
    try {
      return await work;
    } finally {
      this.ms[phase] += performance.now() - t0;
    }
  }

  override candidates(...args: Parameters<SimilarityRepository['candidates']>) {
    return this.timed('coarse', super.candidates(...args));
  }

  override unitVectors(pageIds: string[]) {
    return this.timed('vectors', super.unitVectors(pageIds));
  }

  override writeEdges(edges: Parameters<SimilarityRepository['writeEdges']>[0], tau: number) {
    return this.timed('write', super.writeEdges(edges, tau));
  }

  reset(): void {
    this.ms.coarse = this.ms.vectors = this.ms.write = 0;
  }
}

const rssMb = () => Math.round(process.resourceUsage().maxRSS / 1024);

function context(params: Record<string, number>): EnrichStageContext {
  return {
    mode: 'offline',
    meter: new UsageMeter(),
    crossDocument: false,
    params,
    progress: () => undefined,
    warn: (m) => process.stderr.write(`warning: ${m}\n`),
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      pages: { type: 'string', default: '1000,10000' },
      evolve: { type: 'string', default: '1000' },
      out: { type: 'string', default: path.join('.folio', 'bench', 'enrich-bench.json') },
    },
  });
  const sizes = values.pages
    .split(',')
    .map(Number)
    .filter((n) => n > 0);
  const evolveElements = Number(values.evolve);
  const config = loadConfig();
  const driver = createNeo4jDriver(config);
  const graph = new GraphExecutor(driver, config);
  const cypher = new CypherRegistry();
  const ingest = new IngestRepository(graph, cypher);
  await new MigrationService(graph, cypher, config).migrate(); // indexes and constraints, on a fresh database too
  const similarRepo = new TimedSimilarityRepository(graph, cypher);
  const similar = new SimilarPagesStage(similarRepo);
  const llmOff = new LlmService({ ...config, llm: null });
  const evolve = new ContentEvolutionStage(
    new EvolutionRepository(graph, cypher),
    new StageModels(llmOff, hashingEmbedder()),
  );
  const rows: Row[] = [];
  const created: string[] = [];
  try {
    for (const pages of sizes) {
      const docId = `bench-enrich-${pages}-${randomUUID().slice(0, 6)}`;
      created.push(docId);
      let t0 = Date.now();
      await writeSyntheticDocument(ingest, {
        docId,
        pages,
        elementsPerPage: ELEMENTS_PER_PAGE,
        dimension: DIMENSION,
        topics: Math.max(2, Math.round(pages / PAGES_PER_TOPIC)),
        seed: pages,
        // Same-topic pages then score about 0.84 (MaxSim), like related pages of real documents, so edges are written.
        pageNoise: 0.3,
        elementNoise: 0.3,
      });
      await graph.read(cypher.get('graph/await-indexes'), { timeoutSeconds: 600 });
      const writeSeconds = (Date.now() - t0) / 1000;
      t0 = Date.now();
      similarRepo.reset();
      const result = await similar.run(docId, context({ k: 5 }));
      const seconds = (Date.now() - t0) / 1000;
      const phase = (ms: number) => (ms / 1000).toFixed(1);
      const { coarse, vectors, write } = similarRepo.ms;
      const fine = seconds * 1000 - coarse - vectors - write;
      rows.push({
        task: 'similar',
        size: pages,
        writeSeconds,
        seconds,
        perThousand: (seconds / pages) * 1000,
        output:
          `${result.counts.edges} edges, ${result.counts.scoredPairs} pairs scored, ${result.counts.widenedQueries} widened; ` +
          `seconds: index ${phase(coarse)}, vectors ${phase(vectors)}, MaxSim ${phase(fine)}, write ${phase(write)}`,
        rssMb: rssMb(),
      });
      report(rows);
      await ingest.deleteDocument(docId);
    }
    if (evolveElements > 0) {
      const pages = Math.ceil(evolveElements / ELEMENTS_PER_PAGE);
      const docId = `bench-enrich-evolve-${randomUUID().slice(0, 6)}`;
      created.push(docId);
      let t0 = Date.now();
      await writeSyntheticDocument(ingest, {
        docId,
        pages,
        elementsPerPage: ELEMENTS_PER_PAGE,
        dimension: DIMENSION,
        topics: Math.max(2, Math.round(pages / PAGES_PER_TOPIC)),
        seed: 99,
        text: (p, i, topic) =>
          `Topic ${topic} finding ${i} on page ${p}: revenue, margin and cost figures for segment ${topic}. ` +
          `The analysis compares quarter ${p % 4} with the prior year and notes risk factor ${topic * 3 + i}.`,
      });
      const writeSeconds = (Date.now() - t0) / 1000;
      t0 = Date.now();
      const result = await evolve.run(docId, context({ rounds: 3, k: 5 }));
      const seconds = (Date.now() - t0) / 1000;
      const n = result.counts.elements ?? 0;
      rows.push({
        task: 'evolve-lite (3 rounds)',
        size: n,
        writeSeconds,
        seconds,
        perThousand: (seconds / n) * 1000,
        output: `${result.counts.liteEdges} lite + ${result.counts.windowEdges} window edges, ${result.counts.revisions} revisions`,
        rssMb: rssMb(),
      });
      report(rows);
      await ingest.deleteDocument(docId);
    }
  } finally {
    for (const docId of created) await ingest.deleteDocument(docId).catch(() => undefined);
    await driver.close();
  }
  const out = {
    at: new Date().toISOString(),
    neo4j: config.neo4j.uri,
    elementsPerPage: ELEMENTS_PER_PAGE,
    rows,
  };
  fs.mkdirSync(path.dirname(values.out), { recursive: true });
  fs.writeFileSync(values.out, JSON.stringify(out, null, 2));
  const markdown = values.out.replace(/\.json$/, '') + '.md';
  fs.writeFileSync(markdown, markdownTable(rows, out.at));
  process.stdout.write(`\nwritten to ${values.out} and ${markdown}\n`);
}

const HEADER = ['task', 'size', 'write s', 'enrich s', 's per 1k', 'peak RSS MB', 'output'];

function cells(r: Row): string[] {
  return [
    r.task,
    String(r.size),
    r.writeSeconds.toFixed(1),
    r.seconds.toFixed(1),
    r.perThousand.toFixed(2),
    String(r.rssMb),
    r.output,
  ];
}

function markdownTable(rows: Row[], at: string): string {
  const line = (c: string[]) => `| ${c.join(' | ')} |`;
  return [
    `# Enrichment benchmark (${at})`,
    '',
    `Synthetic documents (${ELEMENTS_PER_PAGE} elements per page, ${DIMENSION}-d clustered unit vectors); size is pages for`,
    'similar and elements for evolve-lite. "write s" is the time to store the synthetic document, not enrichment.',
    '',
    line(HEADER),
    line(HEADER.map(() => '---')),
    ...rows.map((r) => line(cells(r))),
    '',
  ].join('\n');
}

function report(rows: Row[]): void {
  const table = rows.map(cells);
  const widths = HEADER.map((h, i) => Math.max(h.length, ...table.map((c) => c[i]!.length)));
  const line = (c: string[]) => c.map((x, i) => x.padEnd(widths[i]!)).join('  ');
  process.stdout.write(
    `\n${[line(HEADER), line(widths.map((w) => '-'.repeat(w))), ...table.map(line)].join('\n')}\n`,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
