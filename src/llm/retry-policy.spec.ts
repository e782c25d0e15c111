import { backoffDelayMs, parseRetryAfterMs, retryDecision } from './retry-policy';

const noJitter = { random: () => 0, backoff: { baseMs: 100, maxMs: 1_000 } };

describe('retryDecision', () => {
  it.each(['timeout', 'connection', 'rate-limited', 'server-error'] as const)(
    'retries %s with backoff',
    (kind) => {
      expect(retryDecision(kind, 0, 2, noJitter)).toEqual({ retry: true, delayMs: 50 });
      expect(retryDecision(kind, 1, 2, noJitter)).toEqual({ retry: true, delayMs: 100 });
      expect(retryDecision(kind, 2, 2, noJitter)).toEqual({ retry: false, delayMs: 0 });
    },
  );

  it('re-asks after a bad reply at once', () => {
    expect(retryDecision('bad-reply', 0, 1, noJitter)).toEqual({ retry: true, delayMs: 0 });
    expect(retryDecision('bad-reply', 1, 1, noJitter)).toEqual({ retry: false, delayMs: 0 });
  });

  it.each(['client-error', 'aborted', 'response-format-rejected'] as const)('never retries %s', (kind) => {
    expect(retryDecision(kind, 0, 5, noJitter).retry).toBe(false);
  });

  it('does not retry at all with maxRetries 0', () => {
    expect(retryDecision('server-error', 0, 0, noJitter).retry).toBe(false);
  });
});

describe('backoffDelayMs', () => {
  it('doubles per attempt, jitters within the upper half, and caps', () => {
    const settings = { baseMs: 100, maxMs: 1_000 };
    expect(backoffDelayMs(0, { backoff: settings, random: () => 0 })).toBe(50);
    expect(backoffDelayMs(0, { backoff: settings, random: () => 0.999 })).toBe(100);
    expect(backoffDelayMs(3, { backoff: settings, random: () => 1 })).toBe(800);
    expect(backoffDelayMs(10, { backoff: settings, random: () => 1 })).toBe(1_000);
  });

  it('waits at least Retry-After, capped at the maximum', () => {
    const backoff = { baseMs: 100, maxMs: 1_000 };
    expect(backoffDelayMs(0, { backoff, random: () => 0, retryAfterMs: 700 })).toBe(700);
    expect(backoffDelayMs(0, { backoff, random: () => 0, retryAfterMs: 60_000 })).toBe(1_000);
  });
});

describe('parseRetryAfterMs', () => {
  it('reads seconds, HTTP dates and retry-after-ms', () => {
    expect(parseRetryAfterMs('2')).toBe(2_000);
    expect(parseRetryAfterMs(null, '150')).toBe(150);
    expect(
      parseRetryAfterMs(
        'Wed, 21 Oct 2015 07:28:05 GMT',
        undefined,
        Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'),
      ),
    ).toBe(5_000);
    expect(parseRetryAfterMs('soon')).toBeUndefined();
    expect(parseRetryAfterMs(undefined)).toBeUndefined();
  });
});
