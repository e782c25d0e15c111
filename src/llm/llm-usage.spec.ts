import { estimateCostUsd, priceOf, UsageMeter, type LlmCallRecord } from './llm-usage';

function call(overrides: Partial<LlmCallRecord>): LlmCallRecord {
  return {
    role: 'judge',
    model: 'm',
    promptTokens: 0,
    completionTokens: 0,
    estimated: false,
    ms: 0,
    retries: 0,
    ok: true,
    costUsd: 0,
    ...overrides,
  };
}

describe('UsageMeter', () => {
  it('totals calls, tokens, time, retries and cost, overall and by role', () => {
    const meter = new UsageMeter();
    meter.record(call({ role: 'judge', promptTokens: 100, completionTokens: 10, ms: 50, costUsd: 0.001 }));
    meter.record(
      call({ role: 'judge', promptTokens: 200, completionTokens: 20, ms: 70, retries: 2, ok: false }),
    );
    meter.record(
      call({ role: 'answer', promptTokens: 1_000, completionTokens: 100, ms: 400, estimated: true }),
    );
    const totals = meter.totals();
    expect(totals).toMatchObject({
      calls: 3,
      failedCalls: 1,
      promptTokens: 1_300,
      completionTokens: 130,
      ms: 520,
      retries: 2,
      estimatedCalls: 1,
    });
    expect(totals.byRole.judge).toMatchObject({ calls: 2, promptTokens: 300, completionTokens: 30, ms: 120 });
    expect(totals.byRole.answer).toMatchObject({ calls: 1, promptTokens: 1_000 });
    expect(meter.toLlmUsage()).toEqual({ calls: 3, promptTokens: 1_300, completionTokens: 130 });
  });

  it('rolls a stage meter up into its request meter', () => {
    const request = new UsageMeter();
    const stage = new UsageMeter(request);
    stage.record(call({ promptTokens: 5 }));
    request.record(call({ promptTokens: 7 }));
    expect(stage.totals().promptTokens).toBe(5);
    expect(request.totals().promptTokens).toBe(12);
  });

  it('starts empty', () => {
    expect(new UsageMeter().totals()).toMatchObject({ calls: 0, promptTokens: 0, byRole: {} });
  });
});

describe('prices', () => {
  it('prices known models, dated variants by prefix, and local models at zero', () => {
    expect(estimateCostUsd('gpt-4o-mini', 1_000_000, 1_000_000)).toBeCloseTo(0.75);
    expect(estimateCostUsd('gpt-4o', 1_000_000, 0)).toBeCloseTo(2.5);
    expect(priceOf('gpt-4o-mini-2024-07-18')).toEqual(priceOf('gpt-4o-mini'));
    expect(priceOf('gpt-4o-2024-08-06')).toEqual(priceOf('gpt-4o'));
    expect(estimateCostUsd('qwen2.5:7b-instruct', 5_000, 5_000)).toBe(0);
    expect(estimateCostUsd('mine', 1_000_000, 0, { mine: { inputPerMillion: 1, outputPerMillion: 2 } })).toBe(
      1,
    );
  });
});
