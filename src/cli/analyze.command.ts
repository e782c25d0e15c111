import * as fs from 'node:fs';
import * as path from 'node:path';
import { AnalyticsService } from '../analytics/analytics.service';
import type { DocumentAnalytics, PageGraphAnalytics } from '../analytics/analytics.types';
import { renderCorpusReport, renderDocumentReport } from '../analytics/html-report';
import { fmt } from '../analytics/html-text';
import * as reportRows from '../analytics/report-rows';
import { centralPageRows } from './analyze-format';
import { withCliApp, withReadOnlyCliApp } from './cli-app';
import { printTable } from './ingest.command';
import { documentsArgs } from './command-args';

const USAGE = `Usage: folio analyze <docId>... | --all [--gds] [--write] [--similar] [--html FILE|DIR] [--json]
  Structure analytics over stored documents, printed as tables.
  <docId>    per document: section tree, element kinds per section, captions, cross-references, reading order,
             hub pages
  --all      one row per document to compare the corpus (with --gds --write: every document's pages written)
  --gds      Graph Data Science over the page graph: PageRank (central pages), Leiden communities, weakly
             connected components (memory estimated first; the projection is always dropped)
  --write    write pageRank and community back onto the pages (with --gds)
  --similar  which documents are alike (GDS kNN over mean section vectors)
  --html     write a self-contained HTML report with charts (a directory gets <docId>.html per document)
  --json     print JSON instead of tables`;

function printDocument(a: DocumentAnalytics, graph: PageGraphAnalytics | null): void {
  const o = a.overview;
  process.stdout.write(`\n# ${o.title ?? o.docId} (${o.docId}, ${o.fileName ?? ''})\n`);
  printTable(
    ['pages', 'ocr', 'elements', 'sections', 'tables', 'figures', 'charts', 'NEXT_PAGE', 'SIMILAR_TO'],
    [reportRows.overviewRow(o, fmt).map(String)],
  );
  const t = a.sectionTree;
  printTable(
    ['sections', 'max depth', 'leaves', 'leaf depths', 'children mean', 'children sd', 'sections per depth'],
    [
      [
        String(t.sectionCount),
        String(t.maxDepth),
        String(t.leafCount),
        `${t.minLeafDepth ?? '-'}..${t.maxLeafDepth ?? '-'}`,
        fmt(t.meanChildren),
        fmt(t.childrenStdDev),
        t.levels.map((l) => `${l.depth}:${l.sections}`).join(' '),
      ],
    ],
  );
  printTable(
    ['section', 'pages', 'elements per kind'],
    a.sections
      .slice(0, 25)
      .map((s) => [
        `${'  '.repeat(Math.max(s.level - 1, 0))}${(s.title ?? '(no section)').slice(0, 50)}`,
        s.pageStart === null ? '' : `${s.pageStart}-${s.pageEnd}`,
        s.kinds.map((k) => `${k.kind} ${k.count}`).join(', '),
      ]),
  );
  const r = a.readingOrder;
  printTable(
    [
      'uncaptioned',
      'orphan captions',
      'references',
      'per page',
      'per 100 text el.',
      'dangling',
      'order anomalies',
      'off chain',
    ],
    [
      [
        ...reportRows.captionReferenceRow(a).map((n) => fmt(n)),
        String(r.backwardPageSteps + r.skippedPageSteps + r.backwardInPage),
        String(r.offChain),
      ],
    ],
  );
  printTable(
    ['hub page', ...reportRows.HUB_PAGE_COLUMNS],
    a.hubPages.map((p) => reportRows.hubPageRow(p).map(String)),
  );
  if (graph) printGraph(graph);
}

function printGraph(g: PageGraphAnalytics): void {
  const communities = new Set(g.communities.map((c) => `${c.docId}:${c.community}`)).size;
  process.stdout.write(
    `\nGDS over ${g.relationships.join(' ∪ ')}: ${g.nodeCount} pages, ${g.relationshipCount} projected relationships, ` +
      `estimated ${fmt((g.estimate.projectionBytes + Math.max(g.estimate.pageRankBytes, g.estimate.leidenBytes, g.estimate.wccBytes)) / 1024 ** 2, 1)} MiB; ` +
      `${communities} communities, ${g.components.length} components (${g.components.filter((c) => c.size === 1).length} single pages)` +
      (g.written ? `; wrote pageRank and community on ${g.written} pages` : '') +
      '\n',
  );
  printTable(['central page', 'pageRank', 'title'], centralPageRows(g.centralPages));
}

function reportPath(target: string, docId: string, many: boolean): string {
  if (many || (fs.existsSync(target) && fs.statSync(target).isDirectory())) {
    fs.mkdirSync(target, { recursive: true });
    return path.join(target, `${docId}.html`);
  }
  fs.mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
  return target;
}

export async function runAnalyzeCommand(args: string[]): Promise<number> {
  const parsed = documentsArgs(USAGE, args, {
    gds: { type: 'boolean', default: false },
    write: { type: 'boolean', default: false },
    similar: { type: 'boolean', default: false },
    html: { type: 'string' },
    json: { type: 'boolean', default: false },
  });
  if (typeof parsed === 'number') return parsed;
  const { values, positionals } = parsed;
  if (values.write && !values.gds) {
    process.stderr.write('--write writes GDS results back; add --gds.\n');
    return 2;
  }
  // Only `--gds --write` writes (pageRank and community onto the pages); otherwise the schema is only checked.
  return (values.write ? withCliApp : withReadOnlyCliApp)(async (app) => {
    const analytics = app.get(AnalyticsService);
    const out: Record<string, unknown> = {};
    if (values.all) {
      const rows = await analytics.corpus();
      const similar = values.similar ? await analytics.documentSimilarity(null, 1) : [];
      if (values.gds) {
        // One projection per document: each decides on its own whether SIMILAR_TO exists yet.
        let written = 0;
        for (const [i, row] of rows.entries()) {
          const g = await analytics.pageGraph([row.docId], { write: values.write });
          written += g.written;
          process.stderr.write(`\rGDS ${i + 1}/${rows.length} documents`);
        }
        process.stderr.write(`\n${values.write ? `wrote pageRank and community on ${written} pages\n` : ''}`);
      }
      if (values.html)
        fs.writeFileSync(reportPath(values.html, 'corpus', false), renderCorpusReport(rows, similar));
      if (values.json) out.corpus = { rows, similar };
      else {
        printTable(
          reportRows.CORPUS_COLUMNS,
          rows.map((d) => {
            const [file, ...cells] = reportRows.corpusRow(d);
            return [String(file).slice(0, 44), ...cells.map((c) => (typeof c === 'number' ? fmt(c) : c))];
          }),
        );
        if (similar.length)
          printTable(
            ['document', 'nearest document', 'cosine'],
            similar.map((s) => [
              (s.title ?? s.docId).slice(0, 50),
              (s.otherTitle ?? s.otherDocId).slice(0, 50),
              fmt(s.similarity, 3),
            ]),
          );
      }
    }
    for (const docId of positionals) {
      const a = await analytics.document(docId);
      const graph = values.gds ? await analytics.pageGraph([docId], { write: values.write }) : null;
      if (values.html)
        fs.writeFileSync(
          reportPath(values.html, docId, positionals.length > 1),
          renderDocumentReport(a, graph),
        );
      if (values.json) out[docId] = { ...a, graph };
      else printDocument(a, graph);
    }
    if (!values.all && values.similar) {
      const similar = await analytics.documentSimilarity(positionals, 1);
      if (values.json) out.similar = similar;
      else
        printTable(
          ['document', 'nearest document', 'cosine'],
          similar.map((s) => [s.docId, s.otherDocId, fmt(s.similarity, 3)]),
        );
    }
    if (values.json) process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
    return 0;
  });
}
