/** Why one attempt at an LLM call failed. */
export type FailureKind =
  | 'timeout'
  | 'connection'
  | 'rate-limited'
  | 'server-error'
  /** The reply could not be parsed as JSON, or did not match the reply schema. */
  | 'bad-reply'
  /** 400/422 while `response_format` was sent: retry once without it. */
  | 'response-format-rejected'
  /** 401/403/404/other 4xx: configuration problems that retrying cannot fix. */
  | 'client-error'
  | 'aborted';

export interface BackoffSettings {
  baseMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffSettings = { baseMs: 500, maxMs: 8_000 };

export interface RetryDecision {
  retry: boolean;
  delayMs: number;
}

/**
 * Whether to try again after failed attempt number `attempt` (0-based) and how long to wait first.
 * Transient failures back off exponentially with jitter (honouring Retry-After up to the cap); a bad reply is
 * re-asked at once, since the server is healthy and only the model's output was wrong.
 */
export function retryDecision(
  kind: FailureKind,
  attempt: number,
  maxRetries: number,
  options: { backoff?: BackoffSettings; retryAfterMs?: number; random?: () => number } = {},
): RetryDecision {
  const retryable =
    kind === 'timeout' || kind === 'connection' || kind === 'rate-limited' || kind === 'server-error';
  if (kind === 'bad-reply') return { retry: attempt < maxRetries, delayMs: 0 };
  if (!retryable || attempt >= maxRetries) return { retry: false, delayMs: 0 };
  return { retry: true, delayMs: backoffDelayMs(attempt, options) };
}

/** Equal jitter: half the exponential step fixed, half random, so concurrent callers spread out. */
export function backoffDelayMs(
  attempt: number,
  options: { backoff?: BackoffSettings; retryAfterMs?: number; random?: () => number } = {},
): number {
  const { baseMs, maxMs } = options.backoff ?? DEFAULT_BACKOFF;
  const random = options.random ?? Math.random;
  const step = Math.min(maxMs, baseMs * 2 ** attempt);
  const jittered = step / 2 + random() * (step / 2);
  const floor = options.retryAfterMs === undefined ? 0 : Math.min(maxMs, options.retryAfterMs);
  return Math.round(Math.max(jittered, floor));
}

/** Retry-After is seconds or an HTTP date; `retry-after-ms` is OpenAI's millisecond variant. */
export function parseRetryAfterMs(
  retryAfter: string | null | undefined,
  retryAfterMs?: string | null,
  now: number = Date.now(),
): number | undefined {
  if (retryAfterMs) {
    const ms = Number(retryAfterMs);
    if (Number.isFinite(ms) && ms >= 0) return ms;
  }
  if (!retryAfter) return undefined;
  const seconds = Number(retryAfter);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(retryAfter);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
