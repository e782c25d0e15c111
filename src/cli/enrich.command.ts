import { FOLIO_CONFIG } from '../config/config.tokens';
import type { FolioConfig } from '../config/folio-config';
import { ENRICH_STAGE_NAMES } from '../document/enrichment-stages';
import type { EnrichMode } from '../enrich/enrich-stage';
import { EnrichService, parseStageNames, type EnrichRunResult } from '../enrich/enrich.service';
import { withCliApp } from './cli-app';
import { enrichThroughQueue } from './enrich-queued';
import { printTable } from './ingest.command';
import { StageProgress } from './progress';
import { documentsArgs } from './command-args';

const USAGE = `Usage: folio enrich <docId>...|--all [--stages ${ENRICH_STAGE_NAMES.join(',')}] [--llm|--offline]
                    [--dry-run] [--cross-document] [--clear] [--k N] [--tau X] [--rounds N] [--alpha X]
  Enriches stored documents: page SIMILAR_TO edges (similar), the evolving content graph (evolve), summaries and
  the summary tree. Re-running replaces a document's previous enrichment; other documents are not touched.
  With FOLIO_INGEST_RUNNER=redis each document's enrichment is a job on the queue that \`folio worker\` runs;
  this command follows the jobs until they end.
  --llm / --offline   use the configured LLM where a stage has an LLM path (default: --offline)
  --dry-run           print the LLM calls and tokens the run would use, and stop
  --cross-document    SIMILAR_TO also between documents (with --all: rebuild the corpus-wide layer)
  --clear             remove the stages' output instead of computing it
  --json              print the results (or the estimates) as JSON`;

const UNITS: Record<string, string> = {
  similar: 'pages',
  evolve: 'steps',
  summaries: 'units',
  tree: 'nodes',
};

function numericParams(values: Record<string, string | boolean | undefined>): Record<string, number> {
  const params: Record<string, number> = {};
  for (const key of ['k', 'tau', 'rounds', 'alpha', 'candidates', 'concurrency'] as const) {
    const raw = values[key];
    if (typeof raw !== 'string') continue;
    const n = Number(raw);
    if (!Number.isFinite(n)) throw new Error(`--${key} must be a number (got '${raw}')`);
    params[key] = n;
  }
  return params;
}

export async function runEnrichCommand(args: string[]): Promise<number> {
  const parsed = documentsArgs(USAGE, args, {
    stages: { type: 'string' },
    llm: { type: 'boolean', default: false },
    offline: { type: 'boolean', default: false },
    'dry-run': { type: 'boolean', default: false },
    'cross-document': { type: 'boolean', default: false },
    clear: { type: 'boolean', default: false },
    k: { type: 'string' },
    tau: { type: 'string' },
    rounds: { type: 'string' },
    alpha: { type: 'string' },
    candidates: { type: 'string' },
    concurrency: { type: 'string' },
    json: { type: 'boolean', default: false },
  });
  if (typeof parsed === 'number') return parsed;
  const { values, positionals } = parsed;
  if (values.llm && values.offline) throw new Error('Give one of --llm or --offline.');
  if (values.all && positionals.length > 0) throw new Error('Give document ids or --all, not both.');
  const mode: EnrichMode = values.llm ? 'llm' : 'offline';
  const stages = values.stages ? parseStageNames(values.stages.split(',')) : undefined;
  const params = numericParams(values);

  return withCliApp(async (app) => {
    const enrich = app.get(EnrichService);
    const ids = values.all ? await enrich.readyDocumentIds() : positionals;
    if (values['dry-run']) {
      const rows: string[][] = [];
      const estimates: unknown[] = [];
      for (const docId of ids) {
        const e = await enrich.estimate(docId, { stages, mode });
        estimates.push(e);
        for (const s of e.stages)
          rows.push([
            docId,
            s.stage,
            String(s.calls),
            String(s.promptTokens),
            String(s.completionTokens),
            s.basis,
          ]);
      }
      if (values.json) process.stdout.write(`${JSON.stringify(estimates, null, 2)}\n`);
      else
        printTable(['document', 'stage', 'LLM calls', 'prompt tokens', 'completion tokens', 'basis'], rows);
      return 0;
    }
    if (values.clear) {
      for (const docId of ids) await enrich.clear(docId, stages);
      process.stdout.write(
        `Cleared ${stages?.join(', ') ?? 'all'} enrichment of ${ids.length} document(s).\n`,
      );
      return 0;
    }
    const crossDocument = values['cross-document'];
    if (app.get<FolioConfig>(FOLIO_CONFIG).ingest.runner === 'redis')
      return enrichThroughQueue(app, ids, { stages, mode, crossDocument, params }, UNITS, values.json);
    const results: EnrichRunResult[] = [];
    let failed = 0;
    for (const [i, docId] of ids.entries()) {
      const progress = new StageProgress(`[${i + 1}/${ids.length}] ${docId}`);
      try {
        results.push(
          await enrich.run(docId, {
            stages,
            mode,
            crossDocument,
            params,
            onProgress: (p) => progress.update(p.stage, p.done, p.total, UNITS[p.stage] ?? 'units'),
          }),
        );
      } catch (err) {
        failed++;
        process.stderr.write(`${docId}: ${(err as Error).message}\n`);
      } finally {
        progress.finishStage();
      }
    }
    for (const r of results) for (const w of r.warnings) process.stderr.write(`warning ${r.docId} ${w}\n`);
    if (values.json) {
      process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
      return failed > 0 ? 1 : 0;
    }
    printTable(
      ['document', 'stage', 'mode', 'LLM calls', 'prompt tok', 'completion tok', 'seconds', 'output'],
      results.flatMap((r) =>
        r.stages.map((s) => [
          r.docId,
          s.stage,
          s.mode,
          String(s.calls),
          String(s.promptTokens),
          String(s.completionTokens),
          (s.ms / 1000).toFixed(1),
          Object.entries(s.counts)
            .map(([k, v]) => `${k}=${v}`)
            .join(' '),
        ]),
      ),
    );
    return failed > 0 ? 1 : 0;
  });
}
