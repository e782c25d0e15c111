import * as fs from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/folio-config';
import { EnrichmentWorkerService } from '../enrich/enrichment-worker.service';
import { IngestionWorkerService } from '../ingest/queue/ingestion-worker.service';
import type { QueueKind } from '../queue/job-queue';
import { redisHost } from '../queue/redis-connection';
import type { AttemptOutcome } from '../queue/queue-worker';
import { withCliApp } from './cli-app';

const HEALTH_TOUCH_MS = 10_000;

const USAGE = `Usage: folio worker [--concurrency N] [--queues ingest,enrich] [--health-file PATH]

Takes ingestion and enrichment jobs from the Redis queues (REDIS_URL) and runs them; the API and \`folio enrich\`
enqueue them when FOLIO_INGEST_RUNNER=redis. Stops on SIGTERM or SIGINT after the jobs it runs finish.
--concurrency: jobs run at once, per queue (default 1).
--queues: the queues this worker takes from (default both); a worker of one queue never takes the other's jobs.
--health-file: touched every ${HEALTH_TOUCH_MS / 1000} s while the worker runs (a container health check reads its age).`;

const QUEUES: readonly QueueKind[] = ['ingest', 'enrich'];
const JOB_WORD: Record<QueueKind, string> = { ingest: 'Job', enrich: 'Enrichment job' };

function attemptLine(o: AttemptOutcome): string {
  return (
    `${JOB_WORD[o.kind]} ${o.jobId} attempt ${o.attempt}: ${o.status}` +
    (o.docId ? ` document ${o.docId}` : '') +
    (o.errorCode ? ` ${o.errorCode}` : '')
  );
}

/** `folio worker`: runs until SIGTERM/SIGINT; returns the process exit code. */
export async function runWorkerCommand(args: string[]): Promise<number> {
  let values: { concurrency?: string; queues?: string; 'health-file'?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args,
      options: {
        concurrency: { type: 'string' },
        queues: { type: 'string' },
        'health-file': { type: 'string' },
        help: { type: 'boolean' },
      },
    }));
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const concurrency = values.concurrency === undefined ? 1 : Number(values.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) {
    console.error(`--concurrency must be a whole number from 1 to 64, not '${values.concurrency}'.`);
    return 2;
  }
  const named = (values.queues ?? QUEUES.join(',')).split(',').map((q) => q.trim());
  const unknown = named.filter((q) => !(QUEUES as readonly string[]).includes(q));
  if (unknown.length > 0 || named.length === 0) {
    console.error(`Unknown queue(s) '${unknown.join(', ')}'; the queues are: ${QUEUES.join(', ')}.`);
    return 2;
  }
  const queues = QUEUES.filter((q) => named.includes(q));
  const config = loadConfig();
  return withCliApp(async (app) => {
    const log = (o: AttemptOutcome) => console.log(attemptLine(o));
    const stops: Array<() => Promise<void>> = [];
    if (queues.includes('ingest')) stops.push(await app.get(IngestionWorkerService).start(concurrency, log));
    if (queues.includes('enrich')) stops.push(await app.get(EnrichmentWorkerService).start(concurrency, log));
    console.log(
      `Worker ready: queue${queues.length > 1 ? 's' : ''} ${queues.join(', ')} on ${redisHost(config)}, ` +
        `concurrency ${concurrency}`,
    );
    // Beats while the event loop turns and the worker has not stopped; a hung or stopping worker lets it age.
    const healthFile = values['health-file'];
    const touch = () => healthFile && fs.writeFileSync(healthFile, new Date().toISOString());
    touch();
    const health = setInterval(touch, HEALTH_TOUCH_MS);
    const signal = await new Promise<string>((resolve) => {
      process.once('SIGTERM', () => resolve('SIGTERM'));
      process.once('SIGINT', () => resolve('SIGINT'));
    });
    clearInterval(health);
    console.error(`${signal}: finishing the running jobs, then stopping`);
    await Promise.all(stops.map((stop) => stop()));
    return 0;
  });
}
