// Enrichment jobs share the ingestion jobs' runner, heartbeat and staleness rule: one left RUNNING by a process
// that stopped reads FAILED with the reason, and the start-up sweep stores it so.
import type { TestingModule } from '@nestjs/testing';
import { randomUUID } from 'node:crypto';
import { ABANDONED_JOB_CODE } from '../../../src/common/background-jobs';
import { FOLIO_CONFIG } from '../../../src/config/config.tokens';
import type { FolioConfig } from '../../../src/config/folio-config';
import { EnrichModule } from '../../../src/enrich/enrich.module';
import { EnrichRepository, type EnrichmentJobRow } from '../../../src/enrich/enrich.repository';
import { EnrichmentJobService } from '../../../src/enrich/enrichment-job.service';
import { GraphExecutor } from '../../../src/graph/graph-executor';
import { createFolioTestModule } from '../../support/ingest-context';
import { testCypher } from '../../support/test-cypher';

describe('an enrichment job whose process stopped', () => {
  let module: TestingModule;
  beforeAll(async () => {
    module = await createFolioTestModule([EnrichModule]);
  });
  afterAll(async () => module.close());

  const runningJob = (): EnrichmentJobRow => ({
    id: `test-${randomUUID()}`,
    status: 'RUNNING',
    docId: 'no-such-document',
    stages: ['similar'],
    mode: 'offline',
    crossDocument: false,
    stage: 'similar',
    done: 1,
    total: 10,
    warnings: [],
    error: null,
    errorCode: null,
  });

  it('reads RUNNING while it reports, FAILED with the reason once silent past the rule, and is swept FAILED', async () => {
    const repo = module.get(EnrichRepository);
    const jobs = module.get(EnrichmentJobService);
    const job = runningJob();
    await repo.jobs.save(job);
    expect((await jobs.get(job.id)).status).toBe('RUNNING');

    const { staleAfterMs } = module.get<FolioConfig>(FOLIO_CONFIG).heartbeat;
    await module.get(GraphExecutor).write(testCypher().get('ingest/test-age-heartbeats'), {
      docId: '',
      jobId: job.id,
      ageMs: staleAfterMs + 60_000,
    });
    expect(await jobs.get(job.id)).toMatchObject({
      status: 'FAILED',
      errorCode: ABANDONED_JOB_CODE,
      error: expect.stringContaining('The process that ran this job stopped'),
    });
    expect((await repo.jobs.get(job.id))?.status).toBe('RUNNING'); // reported, not yet stored

    expect(await jobs.failAbandonedJobs()).toContain(job.id);
    expect(await repo.jobs.get(job.id)).toMatchObject({ status: 'FAILED', errorCode: ABANDONED_JOB_CODE });
  });
});
