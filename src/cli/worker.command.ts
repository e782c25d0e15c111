import { parseArgs } from 'node:util';
import { loadConfig } from '../config/folio-config';
import { IngestionWorkerService } from '../ingest/queue/ingestion-worker.service';
import { withCliApp } from './cli-app';

const USAGE = `Usage: folio worker [--concurrency N] [--queues ingest]

Takes ingestion jobs from the Redis queue (REDIS_URL) and runs them; the API enqueues them when
FOLIO_INGEST_RUNNER=redis. Stops on SIGTERM or SIGINT after the jobs it runs finish.`;

const QUEUES = ['ingest'];

/** `folio worker`: runs until SIGTERM/SIGINT; returns the process exit code. */
export async function runWorkerCommand(args: string[]): Promise<number> {
  let values: { concurrency?: string; queues?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args,
      options: { concurrency: { type: 'string' }, queues: { type: 'string' }, help: { type: 'boolean' } },
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
  const queues = (values.queues ?? 'ingest').split(',').map((q) => q.trim());
  const unknown = queues.filter((q) => !QUEUES.includes(q));
  if (unknown.length > 0) {
    console.error(`Unknown queue(s) ${unknown.join(', ')}; the queues are: ${QUEUES.join(', ')}.`);
    return 2;
  }
  const config = loadConfig();
  return withCliApp(async (app) => {
    const stop = await app
      .get(IngestionWorkerService)
      .start(concurrency, (o) =>
        console.log(
          `Job ${o.jobId} attempt ${o.attempt}: ${o.status}` +
            (o.docId ? ` document ${o.docId}` : '') +
            (o.errorCode ? ` ${o.errorCode}` : ''),
        ),
      );
    console.log(
      `Worker ready: queue ingest on ${new URL(config.redis.url).host}, concurrency ${concurrency}`,
    );
    const signal = await new Promise<string>((resolve) => {
      process.once('SIGTERM', () => resolve('SIGTERM'));
      process.once('SIGINT', () => resolve('SIGINT'));
    });
    console.error(`${signal}: finishing the running jobs, then stopping`);
    await stop();
    return 0;
  });
}
