import { Inject, Injectable, Logger } from '@nestjs/common';
import { UsageMeter } from '../llm/llm-usage';
import { documentNotFound } from '../document/document.errors';
import { ENRICH_STAGE_NAMES, type EnrichStageName } from '../document/enrichment-stages';
import {
  ENRICH_STAGES,
  type EnrichStageRegistry,
  type EnrichMode,
  type EnrichStage,
  type EnrichStageEstimate,
} from './enrich-stage';
import { EnrichError, EnrichErrorCode } from './enrich.errors';
import { EnrichRepository, type StageRecord } from './enrich.repository';

export interface EnrichProgress {
  docId: string;
  stage: EnrichStageName;
  done: number;
  total: number;
}

export interface EnrichOptions {
  /** Stages to run, in any order (they run in ENRICH_STAGE_NAMES order); default: every available stage. */
  stages?: readonly EnrichStageName[];
  mode?: EnrichMode;
  crossDocument?: boolean;
  /** Numeric tuning passed to every stage (k, tau, rounds, alpha, …). */
  params?: Readonly<Record<string, number>>;
  onProgress?: (p: EnrichProgress) => void;
  signal?: AbortSignal;
}

export interface EnrichRunResult {
  docId: string;
  stages: StageRecord[];
  warnings: string[];
}

export interface EnrichEstimate {
  docId: string;
  mode: EnrichMode;
  stages: Array<EnrichStageEstimate & { stage: EnrichStageName }>;
  calls: number;
  promptTokens: number;
  completionTokens: number;
}

/** Warnings kept per stage record (a failing LLM can produce one per element). */
const MAX_RECORDED_WARNINGS = 20;

export function parseStageNames(input: readonly string[]): EnrichStageName[] {
  const names = input.map((s) => s.trim().toLowerCase()).filter(Boolean);
  const unknown = names.filter((s) => !(ENRICH_STAGE_NAMES as readonly string[]).includes(s));
  if (unknown.length > 0) {
    throw new EnrichError(
      EnrichErrorCode.UNKNOWN_STAGE,
      `Unknown enrichment stage(s) ${unknown.join(', ')}; choose from ${ENRICH_STAGE_NAMES.join(', ')}.`,
    );
  }
  return ENRICH_STAGE_NAMES.filter((s) => names.includes(s));
}

/**
 * Runs a document's enrichment stages (summaries, similar, evolve, tree) in order and records what each cost
 * (LLM calls, tokens, wall time) on the Document.
 */
@Injectable()
export class EnrichService {
  private readonly logger = new Logger(EnrichService.name);

  constructor(
    private readonly repo: EnrichRepository,
    @Inject(ENRICH_STAGES) private readonly stages: EnrichStageRegistry,
  ) {}

  /** The stages this process can run. */
  availableStages(): EnrichStageName[] {
    return [...ENRICH_STAGE_NAMES];
  }

  async run(docId: string, opts: EnrichOptions = {}): Promise<EnrichRunResult> {
    await this.requireReady(docId);
    const stages = this.resolve(opts.stages);
    const mode = opts.mode ?? 'offline';
    const records: StageRecord[] = [];
    const warnings: string[] = [];
    for (const stage of stages) {
      const meter = new UsageMeter();
      const stageWarnings: string[] = [];
      const t0 = Date.now();
      const record = (patch: Partial<StageRecord>): StageRecord => {
        const totals = meter.totals();
        return {
          stage: stage.name,
          mode,
          calls: totals.calls,
          failedCalls: totals.failedCalls,
          promptTokens: totals.promptTokens,
          completionTokens: totals.completionTokens,
          costUsd: totals.costUsd,
          ms: Date.now() - t0,
          counts: {},
          warnings: stageWarnings.slice(0, MAX_RECORDED_WARNINGS),
          finishedAt: new Date().toISOString(),
          ...patch,
        };
      };
      try {
        const result = await stage.run(docId, {
          mode,
          meter,
          crossDocument: opts.crossDocument ?? false,
          params: opts.params ?? {},
          signal: opts.signal,
          progress: (done, total) => opts.onProgress?.({ docId, stage: stage.name, done, total }),
          warn: (message) => {
            stageWarnings.push(message);
            this.logger.warn(`${docId} ${stage.name}: ${message}`);
          },
        });
        stageWarnings.push(...(result.warnings ?? []));
        const done = record({ counts: result.counts });
        if (stageWarnings.length > MAX_RECORDED_WARNINGS)
          done.warnings.push(`… and ${stageWarnings.length - MAX_RECORDED_WARNINGS} more warnings`);
        await this.repo.saveStageRecord(docId, done);
        records.push(done);
        warnings.push(...stageWarnings.map((w) => `${stage.name}: ${w}`));
      } catch (err) {
        await this.repo
          .saveStageRecord(docId, record({ error: (err as Error).message }))
          .catch(() => undefined);
        throw err;
      }
    }
    return { docId, stages: records, warnings };
  }

  /** Every READY document, one after the other (a corpus-wide cross-document SIMILAR_TO rebuild with crossDocument). */
  async runAll(
    opts: EnrichOptions = {},
    onDocument?: (docId: string, index: number, count: number) => void,
  ): Promise<EnrichRunResult[]> {
    const ids = await this.repo.readyDocumentIds();
    const results: EnrichRunResult[] = [];
    for (const [i, docId] of ids.entries()) {
      onDocument?.(docId, i, ids.length);
      results.push(await this.run(docId, opts));
    }
    return results;
  }

  /** Calls and tokens the stages would use, without running them. */
  async estimate(docId: string, opts: Pick<EnrichOptions, 'stages' | 'mode'> = {}): Promise<EnrichEstimate> {
    await this.requireReady(docId);
    const mode = opts.mode ?? 'offline';
    const stages = [];
    for (const stage of this.resolve(opts.stages))
      stages.push({ stage: stage.name, ...(await stage.estimate(docId, mode)) });
    return {
      docId,
      mode,
      stages,
      calls: stages.reduce((n, s) => n + s.calls, 0),
      promptTokens: stages.reduce((n, s) => n + s.promptTokens, 0),
      completionTokens: stages.reduce((n, s) => n + s.completionTokens, 0),
    };
  }

  /** Removes the stages' output (and their cost records) from the document. */
  async clear(docId: string, stages?: readonly EnrichStageName[]): Promise<void> {
    for (const stage of this.resolve(stages)) {
      await stage.clear(docId);
      await this.repo.clearStageRecord(docId, stage.name);
    }
  }

  async readyDocumentIds(): Promise<string[]> {
    return this.repo.readyDocumentIds();
  }

  async records(docId: string): Promise<StageRecord[]> {
    return this.repo.stageRecords(docId);
  }

  async requireReady(docId: string): Promise<void> {
    const doc = await this.repo.documentInfo(docId);
    if (!doc) throw documentNotFound(docId);
    if (doc.status !== 'READY') {
      throw new EnrichError(
        EnrichErrorCode.DOCUMENT_NOT_READY,
        `Document '${docId}' is ${doc.status}; enrich it once its ingestion has finished.`,
      );
    }
  }

  private resolve(requested?: readonly EnrichStageName[]): EnrichStage[] {
    const names = requested?.length
      ? ENRICH_STAGE_NAMES.filter((n) => requested.includes(n))
      : ENRICH_STAGE_NAMES;
    return names.map((name) => this.stages[name]);
  }
}
