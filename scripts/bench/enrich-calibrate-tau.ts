// Calibrates τ for page SIMILAR_TO: the symmetric MaxSim of evidence-page pairs (two pages that answer the same
// multi-page question of the shared benchmark) against random page pairs of the same documents, on documents
// already ingested (matched by file name), and the τ that separates them best (Youden's J), with AUC and a table of τ → kept shares.
//
//   npx tsx scripts/bench/enrich-calibrate-tau.ts [--questions ../shared/bench/dev-questions.jsonl] [--random 60] [--out FILE]
//
// Ingest some of the benchmark's PDFs first (`npm run folio -- ingest …`). Reads only; constructs services by hand.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../src/config/folio-config';
import { symmetricMaxSim } from '../../src/enrich/similarity/maxsim';
import { seededRandom } from '../../src/enrich/summary-tree/seeded-random';
import { SimilarityRepository } from '../../src/enrich/similarity/similarity.repository';
import { CypherRegistry } from '../../src/graph/cypher-registry';
import { DocumentRepository, type DocumentCursor } from '../../src/graph/document.repository';
import { GraphExecutor } from '../../src/graph/graph-executor';
import { createNeo4jDriver } from '../../src/graph/graph.module';
import { auc, bestByYouden, quantileLine, thresholdGrid, thresholdRates } from './threshold-calibration';

interface Question {
  pdf_name: string | null;
  evidence_pages: number[] | null;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      questions: { type: 'string', default: '../shared/bench/dev-questions.jsonl' },
      random: { type: 'string', default: '60' },
      out: { type: 'string', default: path.join('.folio', 'bench', 'tau-calibration.json') },
    },
  });
  const config = loadConfig();
  const driver = createNeo4jDriver(config);
  const graph = new GraphExecutor(driver, config);
  const cypher = new CypherRegistry();
  const docs = new DocumentRepository(graph, cypher);
  const similarity = new SimilarityRepository(graph, cypher);
  try {
    const byFile = new Map<string, { id: string; pageCount: number }>();
    for (let after: DocumentCursor | null = null; ;) {
      const page = await docs.list(100, after);
      for (const d of page.documents) if (d.status === 'READY') byFile.set(d.fileName, d);
      const last = page.documents[page.documents.length - 1];
      if (!page.hasNextPage || !last) break;
      after = { ingestedAt: last.ingestedAt, id: last.id };
    }
    const questions = fs
      .readFileSync(values.questions, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Question)
      .filter((q) => q.pdf_name && byFile.has(q.pdf_name) && (q.evidence_pages?.length ?? 0) >= 2);
    const random = seededRandom(42);
    const positives: number[] = [];
    const negatives: number[] = [];
    const usedDocs = new Set<string>();
    const vectorsOf = async (docId: string, n: number) =>
      (await similarity.unitVectors([`${docId}:p${n}`])).get(`${docId}:p${n}`) ?? [];
    for (const q of questions) {
      const doc = byFile.get(q.pdf_name!)!;
      usedDocs.add(doc.id);
      const pages = [...new Set(q.evidence_pages)];
      for (let i = 0; i < pages.length; i++)
        for (let j = i + 1; j < pages.length; j++) {
          const a = await vectorsOf(doc.id, pages[i]!);
          const b = await vectorsOf(doc.id, pages[j]!);
          if (a.length && b.length) positives.push(symmetricMaxSim(a, b));
        }
    }
    for (const docId of usedDocs) {
      const pageCount = [...byFile.values()].find((d) => d.id === docId)!.pageCount;
      for (let k = 0; k < Number(values.random); k++) {
        const x = 1 + Math.floor(random() * pageCount);
        const y = 1 + Math.floor(random() * pageCount);
        if (x === y) continue;
        const a = await vectorsOf(docId, x);
        const b = await vectorsOf(docId, y);
        if (a.length && b.length) negatives.push(symmetricMaxSim(a, b));
      }
    }
    // Per τ the shares of evidence and of random pairs kept; τ maximises Youden's J (see threshold-calibration.ts).
    const rates = thresholdRates(positives, negatives, thresholdGrid(0.3, 0.95, 0.01));
    const best = bestByYouden(rates);
    const round3 = (x: number) => Math.round(x * 1000) / 1000;
    const result = {
      documents: usedDocs.size,
      questions: questions.length,
      evidencePairs: { n: positives.length, quantiles: quantileLine(positives) },
      randomPairs: { n: negatives.length, quantiles: quantileLine(negatives) },
      auc: round3(auc(positives, negatives)),
      youden: { tau: best.threshold, tpr: round3(best.tpr), fpr: round3(best.fpr), j: round3(best.j) },
      table: rates
        .filter((r) => Math.round(r.threshold * 100) % 5 === 0 || r === best)
        .map((r) => ({
          tau: r.threshold,
          tpr: round3(r.tpr),
          fpr: round3(r.fpr),
          j: round3(r.j),
          f1: round3(r.f1),
        })),
    };
    fs.mkdirSync(path.dirname(values.out), { recursive: true });
    fs.writeFileSync(values.out, JSON.stringify(result, null, 2));
    process.stdout.write(`${JSON.stringify(result, null, 2)}\nwritten to ${values.out}\n`);
  } finally {
    await driver.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
