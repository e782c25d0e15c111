import { LlmError, LlmErrorCode } from './llm.errors';
import type { LlmRoleName } from './llm.types';
import type { FailureKind } from './retry-policy';

/** How the last attempt of a call failed. */
export interface Failure {
  kind: FailureKind;
  message: string;
  status?: number;
  retryAfterMs?: number;
}

/** The error a call that gave up raises: what failed, after how many attempts, and what the user can change. */
export function failureError(
  role: LlmRoleName,
  failure: Failure,
  attempts: number,
  server: { baseUrl: string; model: string; timeoutMs: number },
): LlmError {
  const where = `the LLM at ${server.baseUrl} (model ${server.model})`;
  const tries = attempts === 1 ? '1 attempt' : `${attempts} attempts`;
  const details = { role, attempts, ...(failure.status === undefined ? {} : { status: failure.status }) };
  switch (failure.kind) {
    case 'timeout':
      return new LlmError(
        LlmErrorCode.LLM_TIMEOUT,
        `${capitalise(where)} did not answer the ${role} request within ${server.timeoutMs} ms (${tries}). ` +
          'Raise FOLIO_LLM_TIMEOUT_MS, use a faster model, or check the server is not overloaded.',
        details,
      );
    case 'bad-reply':
      return new LlmError(
        LlmErrorCode.LLM_BAD_RESPONSE,
        `${capitalise(where)} gave no usable reply to the ${role} request in ${tries}: ${failure.message}. ` +
          'Use a model that follows JSON instructions more reliably, or raise FOLIO_LLM_MAX_RETRIES.',
        details,
      );
    case 'rate-limited':
      return new LlmError(
        LlmErrorCode.LLM_UNAVAILABLE,
        `${capitalise(where)} kept rate-limiting the ${role} request (${tries}, last: ${failure.message}). ` +
          'Lower the request rate, raise FOLIO_LLM_MAX_RETRIES, or check the account quota.',
        details,
      );
    case 'client-error':
      return new LlmError(
        LlmErrorCode.LLM_UNAVAILABLE,
        `${capitalise(where)} refused the ${role} request: ${failure.message}. ${clientErrorHint(failure.status)}`,
        details,
      );
    case 'aborted':
      return new LlmError(
        LlmErrorCode.LLM_UNAVAILABLE,
        `The ${role} request to ${where} was cancelled by the caller.`,
        details,
      );
    case 'connection':
    case 'server-error':
    case 'response-format-rejected':
      return new LlmError(
        LlmErrorCode.LLM_UNAVAILABLE,
        `Could not get an answer from ${where} for the ${role} request (${tries}, last: ${failure.message}). ` +
          'Check FOLIO_LLM_BASE_URL (it usually ends in /v1) and that the server is running, ' +
          'or unset FOLIO_LLM_BASE_URL and FOLIO_LLM_MODEL to run offline.',
        details,
      );
  }
}

function clientErrorHint(status: number | undefined): string {
  if (status === 401 || status === 403) return 'Check FOLIO_LLM_API_KEY.';
  if (status === 404)
    return 'Check FOLIO_LLM_MODEL names a model the server serves and FOLIO_LLM_BASE_URL ends in /v1.';
  return 'Check FOLIO_LLM_MODEL and that the server speaks the OpenAI chat completions API.';
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
