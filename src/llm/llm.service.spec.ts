import { Global, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { FOLIO_CONFIG } from '../config/config.tokens';
import type { FolioConfig } from '../config/folio-config';
import { ChatTransportError, type ChatResponse, type ChatTransport } from './chat.transport';
import { LlmErrorCode } from './llm.errors';
import { LlmModule } from './llm.module';
import { LlmService, type LlmSettings } from './llm.service';
import { UsageMeter } from './llm-usage';

const llm: LlmSettings = {
  baseUrl: 'http://llm.test/v1',
  apiKey: 'k',
  model: 'm',
  timeoutMs: 1_000,
  maxRetries: 1,
};

function configWith(settings: LlmSettings | null): FolioConfig {
  return { llm: settings } as FolioConfig;
}

function serviceWith(script: (ChatResponse | ChatTransportError)[], settings: Partial<LlmSettings> = {}) {
  const transport: ChatTransport & { calls: number } = {
    calls: 0,
    async complete() {
      this.calls += 1;
      const step = script.shift();
      if (!step) throw new ChatTransportError('connection', 'script exhausted');
      if (step instanceof ChatTransportError) throw step;
      return step;
    },
  };
  const service = new LlmService(configWith({ ...llm, ...settings }), { transport, sleep: async () => {} });
  return { service, transport };
}

const page = { question: 'How much did revenue grow?', pageText: 'Revenue grew 12% in 2023.' };

describe('LlmService offline', () => {
  const offline = new LlmService(configWith(null));

  it('is disabled and answers every fallback role deterministically', async () => {
    expect(offline.enabled).toBe(false);
    await expect(offline.judge(page)).resolves.toMatchObject({
      source: 'offline',
      value: { label: 'RELEVANT' },
    });
    await expect(offline.relevance(page)).resolves.toMatchObject({ source: 'offline' });
    await expect(offline.decompose({ question: 'Who won the cup? Where is Paris?' })).resolves.toMatchObject({
      value: { subQueries: ['Who won the cup? Where is Paris?', 'Who won the cup?', 'Where is Paris?'] },
    });
    await expect(offline.summarise({ kind: 'page', text: page.pageText })).resolves.toMatchObject({
      value: { summary: 'Revenue grew 12% in 2023.' },
    });
    await expect(offline.plan({ question: 'q' })).resolves.toMatchObject({
      value: { nodes: [{ id: 'q1' }] },
    });
    await expect(
      offline.check({ question: 'revenue', evidence: [{ text: page.pageText }] }),
    ).resolves.toMatchObject({
      value: { sufficient: true },
    });
    await expect(
      offline.evolve({ node: { id: 'a', summary: 's', keywords: [] }, neighbours: [] }),
    ).resolves.toMatchObject({ value: { links: [] } });
    await expect(offline.grade({ question: 'q', reference: '12%', candidate: '12%' })).resolves.toMatchObject(
      {
        value: { verdict: 'correct' },
      },
    );
    const noWarnings = await offline.judge(page);
    expect(noWarnings.warning).toBeUndefined();
  });

  it('refuses answer and free-form calls with LLM_NOT_CONFIGURED', async () => {
    await expect(offline.answer({ question: 'q', kind: 'TEXT', pages: [] })).rejects.toMatchObject({
      code: LlmErrorCode.LLM_NOT_CONFIGURED,
      message: expect.stringMatching(/FOLIO_LLM_BASE_URL and FOLIO_LLM_MODEL/) as string,
    });
    await expect(offline.completeText('reflect', [])).rejects.toMatchObject({
      code: LlmErrorCode.LLM_NOT_CONFIGURED,
    });
  });
});

describe('LlmService with a model', () => {
  it('uses the model and records usage in the caller’s meter', async () => {
    const { service } = serviceWith([
      {
        content: '{"label": "IRRELEVANT", "analysis": "no"}',
        usage: { promptTokens: 40, completionTokens: 5 },
      },
    ]);
    const meter = new UsageMeter();
    await expect(service.judge(page, { meter })).resolves.toEqual({
      source: 'llm',
      value: { label: 'IRRELEVANT', analysis: 'no' },
    });
    expect(meter.totals().byRole.judge).toMatchObject({ calls: 1, promptTokens: 40, completionTokens: 5 });
  });

  it('falls back with a warning when the model keeps sending bad JSON', async () => {
    const { service, transport } = serviceWith([{ content: 'nope' }, { content: 'nope' }]);
    const outcome = await service.judge(page);
    expect(outcome).toMatchObject({ source: 'offline', value: { label: 'RELEVANT' } });
    expect(outcome.warning).toMatch(/LLM judge step failed \(LLM_BAD_RESPONSE\)/);
    expect(transport.calls).toBe(2);
  });

  it('throws the typed error from answer', async () => {
    const { service } = serviceWith([
      new ChatTransportError('timeout', 't'),
      new ChatTransportError('timeout', 't'),
    ]);
    await expect(service.answer({ question: 'q', kind: 'TEXT', pages: [] })).rejects.toMatchObject({
      code: LlmErrorCode.LLM_TIMEOUT,
    });
  });

  it('skips the model for a while after it was unreachable, then tries again', async () => {
    const { service, transport } = serviceWith(
      [
        new ChatTransportError('connection', 'ECONNREFUSED'),
        new ChatTransportError('connection', 'ECONNREFUSED'),
      ],
      { breakerCooldownMs: 60_000 },
    );
    const first = await service.judge(page);
    expect(first.warning).toMatch(/LLM_UNAVAILABLE/);
    const second = await service.summarise({ kind: 'page', text: page.pageText });
    expect(second.warning).toMatch(/not retried for another \d+ s/);
    expect(transport.calls).toBe(2);
  });

  it('is a Nest provider that reads the global FOLIO_CONFIG', async () => {
    @Global()
    @Module({ providers: [{ provide: FOLIO_CONFIG, useValue: configWith(llm) }], exports: [FOLIO_CONFIG] })
    class GlobalConfigModule {}
    const moduleRef = await Test.createTestingModule({ imports: [GlobalConfigModule, LlmModule] }).compile();
    const service = moduleRef.get(LlmService);
    expect(service.enabled).toBe(true);
    expect(service.model).toBe('m');
  });
});
