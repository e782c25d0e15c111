import { type CodeOf, errorCodes, FolioError } from '../common/folio-error';

export const LlmErrorCode = errorCodes({
  /** The model did not answer within FOLIO_LLM_TIMEOUT_MS on any attempt. */
  timeout: ['LLM_TIMEOUT'],
  upstream: [
    /** The server could not be reached, refused the request, or kept failing (5xx, 429, 4xx). */
    'LLM_UNAVAILABLE',
    /** The server answered, but never with a reply that parsed and validated. */
    'LLM_BAD_RESPONSE',
  ],
  /** A role without an offline fallback was asked for while no LLM is configured. */
  precondition: ['LLM_NOT_CONFIGURED'],
});
export type LlmErrorCode = CodeOf<typeof LlmErrorCode>;

export class LlmError extends FolioError<LlmErrorCode> {
  constructor(
    code: LlmErrorCode,
    message: string,
    readonly details: { role?: string; attempts?: number; status?: number; cause?: unknown } = {},
  ) {
    super(code, message, details.cause === undefined ? undefined : { cause: details.cause });
  }
}

export function notConfiguredError(role: string): LlmError {
  return new LlmError(
    LlmErrorCode.LLM_NOT_CONFIGURED,
    `No LLM is configured, so the "${role}" step cannot run. Set FOLIO_LLM_BASE_URL and FOLIO_LLM_MODEL ` +
      '(and FOLIO_LLM_API_KEY if the server needs one) to use a model.',
    { role },
  );
}
