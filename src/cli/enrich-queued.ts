import type { INestApplicationContext } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import type { EnrichOptions } from '../enrich/enrich.service';
import { EnrichmentJobService } from '../enrich/enrichment-job.service';
import type { EnrichmentJobRow } from '../enrich/enrich.repository';
import { printTable } from './ingest.command';
import { StageProgress } from './progress';

const POLL_MS = 500;

/**
 * `folio enrich` with FOLIO_INGEST_RUNNER=redis: one enrichment job per document goes to the queue, a `folio worker`
 * runs it, and this command follows each job's progress on its node until it ends. Returns the exit code.
 */
export async function enrichThroughQueue(
  app: INestApplicationContext,
  ids: string[],
  opts: Omit<EnrichOptions, 'onProgress' | 'signal'>,
  units: Record<string, string>,
  json: boolean,
): Promise<number> {
  const jobs = app.get(EnrichmentJobService);
  const queued: Array<{ docId: string; job: EnrichmentJobRow }> = [];
  let failed = 0;
  for (const docId of ids) {
    try {
      const job = await jobs.start(docId, opts);
      queued.push({ docId, job });
      process.stderr.write(`${docId}: enrichment job ${job.id} queued for a worker (folio worker)\n`);
    } catch (err) {
      failed++;
      process.stderr.write(`${docId}: ${(err as Error).message}\n`);
    }
  }
  const ended: EnrichmentJobRow[] = [];
  for (const [i, { docId, job }] of queued.entries()) {
    const progress = new StageProgress(`[${i + 1}/${queued.length}] ${docId}`);
    let row = job;
    while (row.status === 'QUEUED' || row.status === 'RUNNING') {
      await sleep(POLL_MS);
      row = await jobs.get(job.id);
      if (row.status === 'RUNNING' && row.stage)
        progress.update(row.stage, row.done, row.total, units[row.stage] ?? 'units');
    }
    progress.finishStage();
    if (row.status === 'FAILED') {
      failed++;
      process.stderr.write(`${docId}: ${row.errorCode}: ${row.error}\n`);
    }
    for (const w of row.warnings) process.stderr.write(`warning ${docId} ${w}\n`);
    ended.push(row);
  }
  if (json) process.stdout.write(`${JSON.stringify(ended, null, 2)}\n`);
  else
    printTable(
      ['document', 'job', 'status', 'attempts', 'stages', 'warnings'],
      ended.map((j) => [
        j.docId,
        j.id,
        j.status,
        String(j.attempts ?? 1),
        j.stages.join(','),
        String(j.warnings.length),
      ]),
    );
  return failed > 0 ? 1 : 0;
}
