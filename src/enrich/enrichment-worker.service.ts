import { Inject, Injectable } from '@nestjs/common';
import { FOLIO_CONFIG } from '../config/config.tokens';
import type { FolioConfig } from '../config/folio-config';
import { GraphErrorCode } from '../graph/graph.errors';
import { QueueWorkerService, type QueuedWork } from '../queue/queue-worker';
import { EnrichRepository, type EnrichmentJobRow } from './enrich.repository';
import { EnrichService } from './enrich.service';
import type { EnrichMessage } from './enrichment-job.service';

/** Errors worth another attempt (Neo4j away or slow); every other error (no such document, bad option) is final. */
const TRANSIENT_CODES = new Set<string>([GraphErrorCode.NEO4J_UNAVAILABLE, GraphErrorCode.QUERY_TIMED_OUT]);

/**
 * `folio worker --queues enrich`: takes enrichment jobs from the Redis queue and runs them with the same
 * EnrichService the in-process runner uses. A retaken job is safe to run again: each stage replaces the
 * document's previous output of that stage.
 */
@Injectable()
export class EnrichmentWorkerService extends QueueWorkerService<EnrichMessage, EnrichmentJobRow> {
  protected readonly work: QueuedWork<EnrichMessage, EnrichmentJobRow>;

  constructor(enrich: EnrichService, repo: EnrichRepository, @Inject(FOLIO_CONFIG) config: FolioConfig) {
    super(config);
    this.work = {
      kind: 'enrich',
      load: (id) => repo.jobs.get(id),
      save: (job) => repo.jobs.save(job),
      run: async ({ docId, options }, _job, progress) => {
        const result = await enrich.run(docId, {
          ...options,
          onProgress: (p) => progress(p.stage, p.done, p.total),
        });
        return { warnings: result.warnings.slice(0, 50) };
      },
      transientCodes: TRANSIENT_CODES,
    };
  }
}
