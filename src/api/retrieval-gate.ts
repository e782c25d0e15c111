import { Inject, Injectable } from '@nestjs/common';
import { AdmissionGate } from '../common/admission-gate';
import { FOLIO_CONFIG } from '../config/config.tokens';
import type { FolioConfig } from '../config/folio-config';
import { RetrieveError, RetrieveErrorCode } from '../retrieve/retrieve.errors';

/** Waiters per running slot, and how long one waits: a burst of an ordinary size queues, a flood is refused. */
const WAITING_PER_SLOT = 16;
const MAX_WAIT_MS = 30_000;

/**
 * The API's searches and asks run through one gate per process (FOLIO_RETRIEVAL_CONCURRENCY at once). Neo4j gains
 * nothing from more walks than it has cores, and a waiting request holds no transaction, so the read timeout only
 * counts the time a request really runs.
 */
@Injectable()
export class RetrievalGate {
  private readonly gate: AdmissionGate;

  constructor(@Inject(FOLIO_CONFIG) config: FolioConfig) {
    const atOnce = config.retrieve.concurrency;
    this.gate = new AdmissionGate(
      { atOnce, waiting: atOnce * WAITING_PER_SLOT, maxWaitMs: MAX_WAIT_MS },
      ({ waiting, maxWaitMs }) =>
        new RetrieveError(
          RetrieveErrorCode.RETRIEVAL_BUSY,
          `Folio is busy: it runs ${atOnce} searches at once (FOLIO_RETRIEVAL_CONCURRENCY) and ${waiting} are ` +
            `waiting or waited ${Math.round(maxWaitMs / 1000)} s. Try again in a moment.`,
        ),
    );
  }

  run<T>(work: () => Promise<T>): Promise<T> {
    return this.gate.run(work);
  }
}
