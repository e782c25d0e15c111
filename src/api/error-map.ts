import { HttpException } from '@nestjs/common';
import { AnalyticsError, AnalyticsErrorCode } from '../analytics/analytics.errors';
import type { FolioError } from '../common/folio-error';
import { DocumentError, DocumentErrorCode } from '../document/document.errors';
import { EmbedError, EmbedErrorCode } from '../embed/embed.errors';
import { EnrichError, EnrichErrorCode } from '../enrich/enrich.errors';
import { GraphError, GraphErrorCode } from '../graph/graph.errors';
import { Neo4jServerError, Neo4jServerErrorCode } from '../graph/server/neo4j-server.errors';
import { IngestError, IngestErrorCode } from '../ingest/ingest.errors';
import { OcrError, OcrErrorCode } from '../ingest/ocr/ocr.errors';
import { PdfError, PdfErrorCode } from '../ingest/pdf/pdf.errors';
import { LlmError, LlmErrorCode } from '../llm/llm.errors';
import { RetrieveError, RetrieveErrorCode } from '../retrieve/retrieve.errors';
import { AuthError, AuthErrorCode } from './auth.errors';
import { ApiError, ApiErrorCode } from './api.errors';
import { QueryLimit, QueryLimitError } from './query-limits.errors';

// The one place where module error codes become transport codes: GraphQL `extensions.code` and an HTTP status.
// Each module's map is a Record over its enum, so a code added to an enum without a line here fails `tsc`;
// error-map.spec.ts also fails when a new *.errors.ts module is not registered below.

/** The GraphQL `extensions.code` values Folio answers with, each with its HTTP status. */
export const API_CODE_STATUS = {
  BAD_USER_INPUT: 400,
  QUERY_TOO_COMPLEX: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  FAILED_PRECONDITION: 412,
  INTERNAL_SERVER_ERROR: 500,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
  GATEWAY_TIMEOUT: 504,
} as const;
export type ApiCode = keyof typeof API_CODE_STATUS;

type ErrorClass<Code extends string> = abstract new (...args: never[]) => FolioError<Code>;

interface ModuleErrors<Code extends string> {
  errorClass: ErrorClass<Code>;
  /** The module's code enum (as an object), for the spec that checks every value is mapped. */
  codes: Record<string, Code>;
  map: Record<Code, ApiCode>;
}

function moduleErrors<Code extends string>(
  errorClass: ErrorClass<Code>,
  codes: Record<string, Code>,
  map: Record<Code, ApiCode>,
): ModuleErrors<Code> {
  return { errorClass, codes, map };
}

export const MODULE_ERRORS: ReadonlyArray<ModuleErrors<string>> = [
  moduleErrors(ApiError, ApiErrorCode, {
    BAD_USER_INPUT: 'BAD_USER_INPUT',
    NOT_FOUND: 'NOT_FOUND',
  }),
  moduleErrors(AuthError, AuthErrorCode, {
    API_KEY_MISSING: 'UNAUTHENTICATED',
    API_KEY_INVALID: 'UNAUTHENTICATED',
    API_KEY_REVOKED: 'UNAUTHENTICATED',
    API_KEYS_REQUIRED: 'UNAUTHENTICATED',
    WRITE_SCOPE_REQUIRED: 'FORBIDDEN',
    ADMIN_SCOPE_REQUIRED: 'FORBIDDEN',
    API_KEY_NOT_FOUND: 'NOT_FOUND',
    HOST_NOT_ALLOWED: 'FORBIDDEN',
    BAD_API_KEY_INPUT: 'BAD_USER_INPUT',
  }),
  moduleErrors(QueryLimitError, QueryLimit, {
    [QueryLimit.MAX_DEPTH]: 'QUERY_TOO_COMPLEX',
    [QueryLimit.MAX_ALIASES]: 'QUERY_TOO_COMPLEX',
    [QueryLimit.MAX_COMPLEXITY]: 'QUERY_TOO_COMPLEX',
    [QueryLimit.MAX_EXPENSIVE_FIELDS]: 'QUERY_TOO_COMPLEX',
    [QueryLimit.MAX_GDS_PROJECTIONS]: 'QUERY_TOO_COMPLEX',
    [QueryLimit.MAX_RESULT_OBJECTS]: 'QUERY_TOO_COMPLEX',
  }),
  moduleErrors(DocumentError, DocumentErrorCode, {
    DOCUMENT_NOT_FOUND: 'NOT_FOUND',
  }),
  moduleErrors(GraphError, GraphErrorCode, {
    NEO4J_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
    NEO4J_AUTH_FAILED: 'SERVICE_UNAVAILABLE',
    CONSTRAINT_VIOLATION: 'CONFLICT',
    QUERY_FAILED: 'INTERNAL_SERVER_ERROR',
    QUERY_TIMED_OUT: 'QUERY_TOO_COMPLEX',
    EMBEDDING_MODEL_MISMATCH: 'FAILED_PRECONDITION',
    SCHEMA_OUTDATED: 'FAILED_PRECONDITION',
    WRONG_ACCESS_MODE: 'INTERNAL_SERVER_ERROR',
  }),
  moduleErrors(Neo4jServerError, Neo4jServerErrorCode, {
    [Neo4jServerErrorCode.JAVA_NOT_FOUND]: 'SERVICE_UNAVAILABLE',
    [Neo4jServerErrorCode.PORT_IN_USE]: 'SERVICE_UNAVAILABLE',
    [Neo4jServerErrorCode.SET_PASSWORD_FAILED]: 'SERVICE_UNAVAILABLE',
    [Neo4jServerErrorCode.SERVER_EXITED]: 'SERVICE_UNAVAILABLE',
    [Neo4jServerErrorCode.START_TIMEOUT]: 'SERVICE_UNAVAILABLE',
    [Neo4jServerErrorCode.AUTH_FAILED]: 'SERVICE_UNAVAILABLE',
    [Neo4jServerErrorCode.GDS_MISSING]: 'FAILED_PRECONDITION',
    [Neo4jServerErrorCode.STOP_FAILED]: 'INTERNAL_SERVER_ERROR',
  }),
  moduleErrors(IngestError, IngestErrorCode, {
    DOCUMENT_BUSY: 'CONFLICT',
    DOCUMENT_ID_TAKEN: 'CONFLICT',
    FILE_NOT_FOUND: 'BAD_USER_INPUT',
    FILE_TOO_LARGE: 'BAD_USER_INPUT',
    SERVER_PATHS_DISABLED: 'FORBIDDEN',
    PATH_OUTSIDE_ROOT: 'FORBIDDEN',
    JOB_NOT_FOUND: 'NOT_FOUND',
    PAGE_NOT_FOUND: 'NOT_FOUND',
    PAGE_IMAGE_UNAVAILABLE: 'FAILED_PRECONDITION',
    BAD_REQUEST: 'BAD_USER_INPUT',
    QUEUE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
    STORED_FILE_MISSING: 'INTERNAL_SERVER_ERROR',
  }),
  // Every PDF error is a problem with the file the user gave.
  moduleErrors(PdfError, PdfErrorCode, {
    NOT_A_PDF: 'BAD_USER_INPUT',
    CORRUPT_PDF: 'BAD_USER_INPUT',
    ENCRYPTED_PDF_PASSWORD_REQUIRED: 'BAD_USER_INPUT',
    ENCRYPTED_PDF_WRONG_PASSWORD: 'BAD_USER_INPUT',
    NO_PAGES: 'BAD_USER_INPUT',
    TOO_MANY_PAGES: 'BAD_USER_INPUT',
  }),
  moduleErrors(OcrError, OcrErrorCode, {
    [OcrErrorCode.MODEL_NOT_FOUND]: 'FAILED_PRECONDITION',
    [OcrErrorCode.MODEL_MISMATCH]: 'FAILED_PRECONDITION',
    [OcrErrorCode.BAD_IMAGE]: 'BAD_USER_INPUT',
    [OcrErrorCode.CLOSED]: 'SERVICE_UNAVAILABLE',
  }),
  moduleErrors(EmbedError, EmbedErrorCode, {
    MODEL_FETCH_FAILED: 'FAILED_PRECONDITION',
    MODEL_CHECKSUM_MISMATCH: 'FAILED_PRECONDITION',
    MODEL_FILES_MISSING: 'FAILED_PRECONDITION',
    UNKNOWN_MODEL: 'FAILED_PRECONDITION',
    INVALID_CONFIG: 'FAILED_PRECONDITION',
    DIMENSION_MISMATCH: 'FAILED_PRECONDITION',
    BACKEND_FAILED: 'BAD_GATEWAY',
    CLOSED: 'SERVICE_UNAVAILABLE',
  }),
  moduleErrors(LlmError, LlmErrorCode, {
    LLM_TIMEOUT: 'GATEWAY_TIMEOUT',
    LLM_UNAVAILABLE: 'BAD_GATEWAY',
    LLM_BAD_RESPONSE: 'BAD_GATEWAY',
    LLM_NOT_CONFIGURED: 'FAILED_PRECONDITION',
  }),
  moduleErrors(EnrichError, EnrichErrorCode, {
    DOCUMENT_NOT_READY: 'FAILED_PRECONDITION',
    UNKNOWN_STAGE: 'BAD_USER_INPUT',
    INVALID_OPTION: 'BAD_USER_INPUT',
    JOB_NOT_FOUND: 'NOT_FOUND',
    QUEUE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  }),
  moduleErrors(AnalyticsError, AnalyticsErrorCode, {
    GDS_NOT_INSTALLED: 'FAILED_PRECONDITION',
    GDS_MEMORY_EXCEEDED: 'FAILED_PRECONDITION',
    NOTHING_TO_ANALYZE: 'BAD_USER_INPUT',
    ANALYTICS_BUSY: 'SERVICE_UNAVAILABLE',
  }),
  moduleErrors(RetrieveError, RetrieveErrorCode, {
    EMPTY_QUERY: 'BAD_USER_INPUT',
    BAD_K: 'BAD_USER_INPUT',
    ENRICHMENT_MISSING: 'FAILED_PRECONDITION',
    BAD_TRACE_OPTIONS: 'BAD_USER_INPUT',
    BAD_FILTER: 'BAD_USER_INPUT',
    RETRIEVAL_BUSY: 'SERVICE_UNAVAILABLE',
  }),
];

/** How the API presents one error. `expected` errors are the caller's or the environment's, not Folio's bugs. */
export interface PresentedError {
  code: ApiCode;
  status: number;
  /** The module's own code (e.g. CORRUPT_PDF), given to clients as `extensions.reason`. */
  reason?: string;
  /** The message to send: the error's own for expected errors, a generic one (no internals) otherwise. */
  message: string;
  expected: boolean;
}

export const INTERNAL_MESSAGE =
  'Internal server error; the server log has the details under this request id.';

/** Maps any thrown value to its API presentation (a FolioError by its code, anything else as internal). */
export function presentError(error: unknown): PresentedError {
  if (error instanceof Error) {
    for (const module of MODULE_ERRORS) {
      if (!(error instanceof module.errorClass)) continue;
      const reason = error.code;
      const code = module.map[reason] ?? 'INTERNAL_SERVER_ERROR';
      const expected = code !== 'INTERNAL_SERVER_ERROR';
      return {
        code,
        status: API_CODE_STATUS[code],
        reason,
        message: expected ? error.message : INTERNAL_MESSAGE,
        expected,
      };
    }
    // Nest's own 4xx (a pipe refusing a route parameter) are the caller's; its 5xx are not.
    if (error instanceof HttpException && error.getStatus() < 500) {
      const code = error.getStatus() === 404 ? 'NOT_FOUND' : 'BAD_USER_INPUT';
      return { code, status: error.getStatus(), message: error.message, expected: true };
    }
  }
  return { code: 'INTERNAL_SERVER_ERROR', status: 500, message: INTERNAL_MESSAGE, expected: false };
}
