// npm run bench:structure — scores the stored titles and outlines of the labelled dev PDFs (already ingested) against
// bench-data/structure-labels.json; reads Neo4j only (the schema is checked, never migrated). Rules: structure-score.ts.
// With --parse it reads the PDFs themselves with the working tree's rules instead (structure-parse.ts).
import { Global, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import type * as ConfigModuleFile from '../../src/config/config.module';
import type * as ContentRepositoryFile from '../../src/graph/content.repository';
import type * as DocumentRepositoryFile from '../../src/graph/document.repository';
import type * as GraphModuleFile from '../../src/graph/graph.module';
import type * as GraphTokensFile from '../../src/graph/graph.tokens';
import { loadCompiled } from '../compiled-build';
import { parseLabelled } from './structure-parse';
import {
  DOCUMENT_KINDS,
  type DocumentScore,
  rates,
  scoreDocument,
  sectionDepths,
  structureTable,
  type StructureLabel,
  sumCounts,
} from './structure-score';

interface LabelFile {
  documents: StructureLabel[];
}

function readLabels(file: string): StructureLabel[] {
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as LabelFile;
  for (const d of parsed.documents) {
    if (
      !/^[0-9a-f]{64}$/.test(d.sha256) ||
      !DOCUMENT_KINDS.includes(d.kind) ||
      (d.depth !== 1 && d.depth !== 2) ||
      typeof d.hasBookmarks !== 'boolean'
    )
      throw new Error(
        `${file}: label of ${d.file} needs a sha256, a kind (${DOCUMENT_KINDS.join(', ')}), depth 1 or 2 and hasBookmarks`,
      );
  }
  return parsed.documents;
}

/** Scores of the documents as stored in Neo4j; `absent` collects those not ingested or not READY. */
async function storedScores(labels: StructureLabel[], absent: string[]): Promise<DocumentScore[]> {
  const build = {
    ...(await loadCompiled<typeof ConfigModuleFile>('config/config.module')),
    ...(await loadCompiled<typeof ContentRepositoryFile>('graph/content.repository')),
    ...(await loadCompiled<typeof DocumentRepositoryFile>('graph/document.repository')),
    ...(await loadCompiled<typeof GraphModuleFile>('graph/graph.module')),
    ...(await loadCompiled<typeof GraphTokensFile>('graph/graph.tokens')),
  };
  @Global()
  @Module({
    providers: [{ provide: build.MIGRATE_ON_START, useValue: 'check' }],
    exports: [build.MIGRATE_ON_START],
  })
  class SchemaCheckOnly {}
  @Module({ imports: [SchemaCheckOnly, build.ConfigModule, build.GraphModule] })
  class StructureBenchModule {}
  const app = await NestFactory.createApplicationContext(StructureBenchModule, { logger: ['error', 'warn'] });
  try {
    // A document's id is the first 16 hex characters of its file's sha256.
    const ids = labels.map((l) => l.sha256.slice(0, 16));
    const documents = await app.get(build.DocumentRepository).getMany(ids);
    const sections = await app.get(build.ContentRepository).sectionsOf(ids);
    return labels.flatMap((label, i) => {
      const doc = documents[i];
      if (doc === null || doc === undefined || doc.status !== 'READY') {
        absent.push(`${label.file} (${ids[i]})`);
        return [];
      }
      const stored = sections[i] ?? [];
      const depths = sectionDepths(stored);
      const predicted = stored.map((s, j) => ({
        depth: depths[j] ?? 1,
        title: s.title,
        page: Number(s.pageStart),
      }));
      return [scoreDocument(label, doc.title, predicted)];
    });
  } finally {
    await app.close();
  }
}

/** Scores of the documents as the working tree's layout rules read the PDFs in `pdfDir`. */
async function parsedScores(
  labels: StructureLabel[],
  pdfDir: string,
  cacheDir: string,
  absent: string[],
): Promise<DocumentScore[]> {
  const read = await parseLabelled(labels, pdfDir, cacheDir, (line) => console.log(line));
  return labels.flatMap((label, i) => {
    const doc = read[i];
    if (!doc) {
      absent.push(`${label.file} (not in ${pdfDir})`);
      return [];
    }
    return [scoreDocument(label, doc.title, doc.sections)];
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      labels: { type: 'string', default: path.join('bench-data', 'structure-labels.json') },
      out: { type: 'string', default: path.join('bench-results', 'structure') },
      parse: { type: 'boolean', default: false },
      pdfs: { type: 'string', default: path.join('..', 'shared', 'bench', 'pdfs') },
      cache: { type: 'string', default: path.join('bench-results', 'structure', 'parsed') },
    },
  });
  const labels = readLabels(values.labels);
  const absent: string[] = [];
  const scores = values.parse
    ? await parsedScores(labels, values.pdfs, values.cache, absent)
    : await storedScores(labels, absent);
  if (absent.length > 0) console.warn(`Not scored: ${absent.join(', ')}`);

  const table = structureTable(scores);
  const byKind = Object.fromEntries(
    DOCUMENT_KINDS.map((k) => [k, sumCounts(scores.filter((s) => s.kind === k))] as const)
      .filter(([, c]) => c.documents > 0)
      .map(([k, c]) => [k, { ...c, ...rates(c) }]),
  );
  const overall = sumCounts(scores);
  fs.mkdirSync(values.out, { recursive: true });
  const report = {
    generatedAt: new Date().toISOString(),
    labels: values.labels,
    source: values.parse ? `the PDFs in ${values.pdfs}, read with the working tree's rules` : 'Neo4j',
    rules: {
      title:
        'normalised stored title equals the normalised label title or an alternative (NFKC, lower case, non-alphanumeric runs as one space)',
      section:
        'stored section within the label depth on the same start page as a labelled one, titles token F1 >= 0.5, one-to-one',
      average: 'micro: section counts pooled over documents',
    },
    overall: { ...overall, ...rates(overall) },
    byKind,
    notScored: absent,
    documents: scores,
  };
  fs.writeFileSync(path.join(values.out, 'structure-bench.json'), `${JSON.stringify(report, null, 2)}\n`);
  fs.writeFileSync(path.join(values.out, 'structure-bench.md'), `${table}\n`);
  console.log(table);
  console.log(`\nPer document (T title right, matched/labelled of stored, kind, B has bookmarks):`);
  for (const s of scores)
    console.log(
      `  ${s.titleRight ? 'T' : '-'} ${s.matched}/${s.labelled} of ${s.predicted}  ${s.kind.padEnd(6)} ${s.hasBookmarks ? 'B' : '-'} ${s.file}  stored title: ${JSON.stringify(s.storedTitle)}`,
    );
  console.log(`\nWrote ${path.join(values.out, 'structure-bench.json')} and structure-bench.md`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
