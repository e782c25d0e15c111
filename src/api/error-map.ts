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
    [ApiErrorCode.BAD_USER_INPUT]: 'BAD_USER_INPUT',
    [ApiErrorCode.NOT_FOUND]: 'NOT_FOUND',
  }),
  moduleErrors(AuthError, AuthErrorCode, {
    [AuthErrorCode.API_KEY_MISSING]: 'UNAUTHENTICATED',
    [AuthErrorCode.API_KEY_INVALID]: 'UNAUTHENTICATED',
    [AuthErrorCode.API_KEY_REVOKED]: 'UNAUTHENTICATED',
    [AuthErrorCode.API_KEYS_REQUIRED]: 'UNAUTHENTICATED',
    [AuthErrorCode.WRITE_SCOPE_REQUIRED]: 'FORBIDDEN',
    [AuthErrorCode.ADMIN_SCOPE_REQUIRED]: 'FORBIDDEN',
    [AuthErrorCode.API_KEY_NOT_FOUND]: 'NOT_FOUND',
    [AuthErrorCode.HOST_NOT_ALLOWED]: 'FORBIDDEN',
    [AuthErrorCode.BAD_API_KEY_INPUT]: 'BAD_USER_INPUT',
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
    [DocumentErrorCode.DOCUMENT_NOT_FOUND]: 'NOT_FOUND',
  }),
  moduleErrors(GraphError, GraphErrorCode, {
    [GraphErrorCode.NEO4J_UNAVAILABLE]: 'SERVICE_UNAVAILABLE',
    [GraphErrorCode.NEO4J_AUTH_FAILED]: 'SERVICE_UNAVAILABLE',
    [GraphErrorCode.CONSTRAINT_VIOLATION]: 'CONFLICT',
    [GraphErrorCode.QUERY_FAILED]: 'INTERNAL_SERVER_ERROR',
    [GraphErrorCode.QUERY_TIMED_OUT]: 'QUERY_TOO_COMPLEX',
    [GraphErrorCode.EMBEDDING_MODEL_MISMATCH]: 'FAILED_PRECONDITION',
    [GraphErrorCode.SCHEMA_OUTDATED]: 'FAILED_PRECONDITION',
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
    [IngestErrorCode.DOCUMENT_BUSY]: 'CONFLICT',
    [IngestErrorCode.DOCUMENT_ID_TAKEN]: 'CONFLICT',
    [IngestErrorCode.FILE_NOT_FOUND]: 'BAD_USER_INPUT',
    [IngestErrorCode.FILE_TOO_LARGE]: 'BAD_USER_INPUT',
    [IngestErrorCode.SERVER_PATHS_DISABLED]: 'FORBIDDEN',
    [IngestErrorCode.PATH_OUTSIDE_ROOT]: 'FORBIDDEN',
    [IngestErrorCode.JOB_NOT_FOUND]: 'NOT_FOUND',
    [IngestErrorCode.PAGE_NOT_FOUND]: 'NOT_FOUND',
    [IngestErrorCode.PAGE_IMAGE_UNAVAILABLE]: 'FAILED_PRECONDITION',
    [IngestErrorCode.BAD_REQUEST]: 'BAD_USER_INPUT',
    [IngestErrorCode.QUEUE_UNAVAILABLE]: 'SERVICE_UNAVAILABLE',
    [IngestErrorCode.STORED_FILE_MISSING]: 'INTERNAL_SERVER_ERROR',
  }),
  // Every PDF error is a problem with the file the user gave.
  moduleErrors(PdfError, PdfErrorCode, {
    [PdfErrorCode.NOT_A_PDF]: 'BAD_USER_INPUT',
    [PdfErrorCode.CORRUPT_PDF]: 'BAD_USER_INPUT',
    [PdfErrorCode.ENCRYPTED_PDF_PASSWORD_REQUIRED]: 'BAD_USER_INPUT',
    [PdfErrorCode.ENCRYPTED_PDF_WRONG_PASSWORD]: 'BAD_USER_INPUT',
    [PdfErrorCode.NO_PAGES]: 'BAD_USER_INPUT',
    [PdfErrorCode.TOO_MANY_PAGES]: 'BAD_USER_INPUT',
  }),
  moduleErrors(OcrError, OcrErrorCode, {
    [OcrErrorCode.MODEL_NOT_FOUND]: 'FAILED_PRECONDITION',
    [OcrErrorCode.MODEL_MISMATCH]: 'FAILED_PRECONDITION',
    [OcrErrorCode.BAD_IMAGE]: 'BAD_USER_INPUT',
    [OcrErrorCode.CLOSED]: 'SERVICE_UNAVAILABLE',
  }),
  moduleErrors(EmbedError, EmbedErrorCode, {
    [EmbedErrorCode.MODEL_FETCH_FAILED]: 'FAILED_PRECONDITION',
    [EmbedErrorCode.MODEL_CHECKSUM_MISMATCH]: 'FAILED_PRECONDITION',
    [EmbedErrorCode.MODEL_FILES_MISSING]: 'FAILED_PRECONDITION',
    [EmbedErrorCode.UNKNOWN_MODEL]: 'FAILED_PRECONDITION',
    [EmbedErrorCode.INVALID_CONFIG]: 'FAILED_PRECONDITION',
    [EmbedErrorCode.DIMENSION_MISMATCH]: 'FAILED_PRECONDITION',
    [EmbedErrorCode.BACKEND_FAILED]: 'BAD_GATEWAY',
    [EmbedErrorCode.CLOSED]: 'SERVICE_UNAVAILABLE',
  }),
  moduleErrors(LlmError, LlmErrorCode, {
    [LlmErrorCode.LLM_TIMEOUT]: 'GATEWAY_TIMEOUT',
    [LlmErrorCode.LLM_UNAVAILABLE]: 'BAD_GATEWAY',
    [LlmErrorCode.LLM_BAD_RESPONSE]: 'BAD_GATEWAY',
    [LlmErrorCode.LLM_NOT_CONFIGURED]: 'FAILED_PRECONDITION',
  }),
  moduleErrors(EnrichError, EnrichErrorCode, {
    [EnrichErrorCode.DOCUMENT_NOT_READY]: 'FAILED_PRECONDITION',
    [EnrichErrorCode.UNKNOWN_STAGE]: 'BAD_USER_INPUT',
    [EnrichErrorCode.INVALID_OPTION]: 'BAD_USER_INPUT',
    [EnrichErrorCode.JOB_NOT_FOUND]: 'NOT_FOUND',
  }),
  moduleErrors(AnalyticsError, AnalyticsErrorCode, {
    [AnalyticsErrorCode.GDS_NOT_INSTALLED]: 'FAILED_PRECONDITION',
    [AnalyticsErrorCode.GDS_MEMORY_EXCEEDED]: 'FAILED_PRECONDITION',
    [AnalyticsErrorCode.NOTHING_TO_ANALYZE]: 'BAD_USER_INPUT',
    [AnalyticsErrorCode.ANALYTICS_BUSY]: 'SERVICE_UNAVAILABLE',
  }),
  moduleErrors(RetrieveError, RetrieveErrorCode, {
    [RetrieveErrorCode.EMPTY_QUERY]: 'BAD_USER_INPUT',
    [RetrieveErrorCode.BAD_K]: 'BAD_USER_INPUT',
    [RetrieveErrorCode.ENRICHMENT_MISSING]: 'FAILED_PRECONDITION',
    [RetrieveErrorCode.BAD_TRACE_OPTIONS]: 'BAD_USER_INPUT',
    [RetrieveErrorCode.BAD_FILTER]: 'BAD_USER_INPUT',
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
