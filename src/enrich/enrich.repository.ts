import { Injectable } from '@nestjs/common';
import { JobStore } from '../graph/job-store';
import type { EnrichStageName } from '../document/enrichment-stages';
import type * as Gql from '../document/graphql.types';
import { CypherRepository } from '../graph/cypher-repository';

/** What one stage run cost and produced, stored on the Document as a JSON string per stage. */
export interface StageRecord extends Omit<Gql.EnrichmentStageCost, 'stage' | 'counts' | 'error'> {
  stage: EnrichStageName;
  counts: Record<string, number>;
  error?: string;
}

export interface EnrichmentJobRow {
  id: string;
  status: 'QUEUED' | 'RUNNING' | 'SUCCEEDED' | 'FAILED';
  docId: string;
  stages: string[];
  mode: string;
  crossDocument: boolean;
  stage: string | null;
  done: number;
  total: number;
  warnings: string[];
  error: string | null;
  errorCode: string | null;
  runner?: string | null;
  owner?: string | null;
  /** `redis` while the job is the Redis queue's: BullMQ's stalled check, not the heartbeat, tracks it until it ends. */
  queue?: string | null;
  /** Attempts a queue worker made (FOLIO_INGEST_RUNNER=redis); transient errors are retried. */
  attempts?: number;
  createdAt?: string;
  updatedAt?: string;
  heartbeatAt?: string | null;
}

const STAGE_ORDER: readonly EnrichStageName[] = ['summaries', 'similar', 'evolve', 'tree'];

/** An EnrichmentRecord node as stored: typed properties, the counts as parallel name and value lists. */
interface StoredStageRecord extends Omit<StageRecord, 'counts' | 'error'> {
  countNames: string[];
  countValues: number[];
  error: string | null;
}

function storedRecord(record: StageRecord): StoredStageRecord {
  const { counts, error, ...rest } = record;
  return {
    ...rest,
    countNames: Object.keys(counts),
    countValues: Object.values(counts),
    error: error ?? null,
  };
}

function stageRecord(stored: StoredStageRecord): StageRecord {
  const { countNames, countValues, error, ...rest } = stored;
  const counts = Object.fromEntries(countNames.map((name, i) => [name, countValues[i] ?? 0]));
  return { ...rest, counts, ...(error ? { error } : {}) };
}

/** A record an earlier build kept as a JSON string on the Document. */
function parseLegacyRecord(json: unknown): StageRecord | null {
  if (typeof json !== 'string') return null;
  try {
    return JSON.parse(json) as StageRecord;
  } catch {
    return null;
  }
}

/** Document-level reads and writes of the enrich module: status, per-stage cost records, jobs. */
@Injectable()
export class EnrichRepository extends CypherRepository {
  private readonly q = this.queries('enrich', {
    info: 'enrich-document-info',
    ids: 'enrich-list-document-ids',
    record: 'enrich-record-stage',
    clearRecord: 'enrich-clear-stage-record',
    records: 'enrich-get-records',
    saveJob: 'enrich-save-job',
    getJob: 'enrich-get-job',
    failAbandonedJobs: 'enrich-fail-abandoned-jobs',
    listOpenJobs: 'enrich-list-open-jobs',
  });
  /** Enrichment jobs, stored like ingestion jobs. */
  readonly jobs = new JobStore<EnrichmentJobRow>(this.graph, this.q);

  async documentInfo(docId: string): Promise<{ id: string; status: string; pageCount: number } | null> {
    const [row] = await this.graph.read<{ id: string; status: string; pageCount: number }>(this.q.info, {
      docId,
    });
    return row ?? null;
  }

  async readyDocumentIds(): Promise<string[]> {
    return (await this.graph.read<{ id: string }>(this.q.ids)).map((r) => r.id);
  }

  async saveStageRecord(docId: string, record: StageRecord): Promise<void> {
    await this.graph.write(this.q.record, { docId, record: storedRecord(record) });
  }

  async clearStageRecord(docId: string, stage: EnrichStageName): Promise<void> {
    await this.graph.write(this.q.clearRecord, { docId, stage });
  }

  /** The stored records, in stage order; stages never run are absent. */
  async stageRecords(docId: string): Promise<StageRecord[]> {
    const [row] = await this.graph.read<Record<EnrichStageName, unknown> & { records: StoredStageRecord[] }>(
      this.q.records,
      { docId },
    );
    if (!row) return [];
    const stored = new Map(row.records.map((r) => [r.stage, stageRecord(r)]));
    return STAGE_ORDER.map((s) => stored.get(s) ?? parseLegacyRecord(row[s])).filter(
      (r): r is StageRecord => r !== null,
    );
  }
}
