import { Logger } from '@nestjs/common';
import { DocumentErrorCode } from '../document/document.errors';
import { ENRICH_STAGE_NAMES, type EnrichStageName } from '../document/enrichment-stages';
import type {
  EnrichMode,
  EnrichStage,
  EnrichStageContext,
  EnrichStageEstimate,
  EnrichStageResult,
} from './enrich-stage';
import { EnrichError, EnrichErrorCode } from './enrich.errors';
import type { EnrichRepository, StageRecord } from './enrich.repository';
import { EnrichService, parseStageNames } from './enrich.service';

/** A stage that records what it was asked and, unless told to fail, makes one LLM call worth 10+5 tokens. */
class FakeStage<N extends EnrichStageName> implements EnrichStage {
  readonly ran: Array<{ docId: string; ctx: EnrichStageContext }> = [];
  readonly cleared: string[] = [];
  constructor(
    readonly name: N,
    readonly journal: string[],
    private readonly behaviour: { fail?: string; warnings?: number } = {},
  ) {}

  async run(docId: string, ctx: EnrichStageContext): Promise<EnrichStageResult> {
    this.journal.push(`run ${this.name}`);
    this.ran.push({ docId, ctx });
    ctx.meter.record({
      role: this.name,
      model: 'fake',
      promptTokens: 10,
      completionTokens: 5,
      estimated: false,
      ms: 1,
      retries: 0,
      ok: true,
      costUsd: 0.5,
    });
    ctx.progress(1, 2);
    for (let i = 0; i < (this.behaviour.warnings ?? 0); i++) ctx.warn(`${this.name} warning ${i}`);
    if (this.behaviour.fail) throw new Error(this.behaviour.fail);
    return { counts: { [`${this.name}Edges`]: 3 } };
  }

  async estimate(_docId: string, mode: EnrichMode): Promise<EnrichStageEstimate> {
    return mode === 'llm'
      ? { calls: 2, promptTokens: 100, completionTokens: 20, basis: 'two calls' }
      : { calls: 0, promptTokens: 0, completionTokens: 0, basis: 'offline' };
  }

  async clear(docId: string): Promise<void> {
    this.journal.push(`clear ${this.name}`);
    this.cleared.push(docId);
  }
}

type Stages = { [N in EnrichStageName]: FakeStage<N> };

function setup(
  docs: Record<string, string> = { d1: 'READY' },
  behaviour: Partial<Record<EnrichStageName, { fail?: string; warnings?: number }>> = {},
) {
  const journal: string[] = [];
  const saved: Array<{ docId: string; record: StageRecord }> = [];
  const clearedRecords: string[] = [];
  const stages = Object.fromEntries(
    ENRICH_STAGE_NAMES.map((n) => [n, new FakeStage(n, journal, behaviour[n])]),
  ) as unknown as Stages;
  const repo = {
    documentInfo: async (id: string) => (docs[id] ? { id, status: docs[id], pageCount: 3 } : null),
    readyDocumentIds: async () => Object.keys(docs).filter((id) => docs[id] === 'READY'),
    saveStageRecord: async (docId: string, record: StageRecord) => {
      journal.push(`save ${record.stage}${record.error ? ' (error)' : ''}`);
      saved.push({ docId, record });
    },
    clearStageRecord: async (docId: string, stage: EnrichStageName) => {
      clearedRecords.push(`${docId}/${stage}`);
    },
  } as unknown as EnrichRepository;
  const service = new EnrichService(repo, stages);
  return { service, stages, journal, saved, clearedRecords };
}

async function codeOf(work: Promise<unknown>): Promise<string> {
  const err: unknown = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof EnrichError)) throw new Error(`expected an EnrichError, got ${String(err)}`);
  return err.code;
}

describe('EnrichService', () => {
  beforeAll(() => Logger.overrideLogger(false));
  afterAll(() => Logger.overrideLogger(true));

  it('runs the requested stages in pipeline order, saving each record right after its stage', async () => {
    const { service, journal, saved } = setup();
    const result = await service.run('d1', { stages: ['tree', 'summaries'], mode: 'llm' });
    expect(journal).toEqual(['run summaries', 'save summaries', 'run tree', 'save tree']);
    expect(result.stages.map((r) => r.stage)).toEqual(['summaries', 'tree']);
    expect(saved.map((s) => s.docId)).toEqual(['d1', 'd1']);
    const first = result.stages[0]!;
    expect(first).toMatchObject({
      stage: 'summaries',
      mode: 'llm',
      calls: 1,
      failedCalls: 0,
      promptTokens: 10,
      completionTokens: 5,
      costUsd: 0.5,
      counts: { summariesEdges: 3 },
      warnings: [],
    });
    expect(first.error).toBeUndefined();
  });

  it('runs every stage, offline, when none is named, and passes options and progress through', async () => {
    const { service, stages } = setup();
    const progress: string[] = [];
    await service.run('d1', {
      crossDocument: true,
      params: { k: 7 },
      onProgress: (p) => progress.push(`${p.docId}:${p.stage}:${p.done}/${p.total}`),
    });
    const ctx = stages.similar.ran[0]!.ctx;
    expect(ctx.mode).toBe('offline');
    expect(ctx.crossDocument).toBe(true);
    expect(ctx.params).toEqual({ k: 7 });
    expect(progress).toEqual(ENRICH_STAGE_NAMES.map((n) => `d1:${n}:1/2`));
  });

  it('a failed stage is recorded with its error, stops the later stages, and the error reaches the caller', async () => {
    const { service, journal, saved } = setup(undefined, { similar: { fail: 'similarity index missing' } });
    await expect(service.run('d1')).rejects.toThrow('similarity index missing');
    expect(journal).toEqual(['run summaries', 'save summaries', 'run similar', 'save similar (error)']);
    const failed = saved[1]!.record;
    expect(failed.stage).toBe('similar');
    expect(failed.error).toBe('similarity index missing');
    expect(failed.calls).toBe(1); // what the stage spent before failing is still accounted
  });

  it('keeps twenty warnings per record and says how many more there were', async () => {
    const { service } = setup(undefined, { evolve: { warnings: 23 } });
    const result = await service.run('d1', { stages: ['evolve'] });
    const warnings = result.stages[0]!.warnings;
    expect(warnings).toHaveLength(21);
    expect(warnings[19]).toBe('evolve warning 19');
    expect(warnings[20]).toBe('… and 3 more warnings');
    expect(result.warnings).toHaveLength(23);
    expect(result.warnings[0]).toBe('evolve: evolve warning 0');
  });

  it('refuses an unknown or unfinished document before any stage runs', async () => {
    const { service, journal } = setup({ d1: 'READY', busy: 'INGESTING' });
    await expect(service.run('nope')).rejects.toMatchObject({
      name: 'DocumentError',
      code: DocumentErrorCode.DOCUMENT_NOT_FOUND,
    });
    expect(await codeOf(service.run('busy'))).toBe(EnrichErrorCode.DOCUMENT_NOT_READY);
    expect(await codeOf(service.estimate('busy'))).toBe(EnrichErrorCode.DOCUMENT_NOT_READY);
    expect(journal).toEqual([]);
  });

  it('runAll enriches only READY documents, in order, announcing each', async () => {
    const { service } = setup({ a: 'READY', b: 'FAILED', c: 'READY' });
    const announced: string[] = [];
    const results = await service.runAll({ stages: ['tree'] }, (id, i, n) =>
      announced.push(`${id} ${i}/${n}`),
    );
    expect(announced).toEqual(['a 0/2', 'c 1/2']);
    expect(results.map((r) => r.docId)).toEqual(['a', 'c']);
  });

  it('estimate sums the stages it would run without running them', async () => {
    const { service, journal } = setup();
    const est = await service.estimate('d1', { stages: ['summaries', 'tree'], mode: 'llm' });
    expect(est.stages.map((s) => s.stage)).toEqual(['summaries', 'tree']);
    expect([est.calls, est.promptTokens, est.completionTokens]).toEqual([4, 200, 40]);
    expect(journal).toEqual([]);
  });

  it('clear removes each stage output and then its cost record', async () => {
    const { service, journal, clearedRecords } = setup();
    await service.clear('d1', ['evolve']);
    expect(journal).toEqual(['clear evolve']);
    expect(clearedRecords).toEqual(['d1/evolve']);
  });
});

describe('parseStageNames', () => {
  it('normalises case and order', () => {
    expect(parseStageNames([' Tree', 'SUMMARIES', ''])).toEqual(['summaries', 'tree']);
  });

  it('names the unknown stages and the valid ones', () => {
    expect(() => parseStageNames(['summaries', 'graph'])).toThrow(
      'Unknown enrichment stage(s) graph; choose from summaries, similar, evolve, tree.',
    );
  });
});
