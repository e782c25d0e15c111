import { HttpException } from '@nestjs/common';
import { AnalyticsError, AnalyticsErrorCode } from '../analytics/analytics.errors';
import { type ErrorCodes, type ErrorKind, type FolioError, kindOf } from '../common/folio-error';
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

// The one place where module errors become transport codes: GraphQL `extensions.code` and an HTTP status.
// Each module's code table gives every code its kind (src/common/folio-error.ts); KIND_CODE turns kinds into
// codes here, and error-map.spec.ts fails when a new *.errors.ts module is not registered below.

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

/** The API code of each kind of module error. */
export const KIND_CODE: Record<ErrorKind, ApiCode> = {
  invalid: 'BAD_USER_INPUT',
  tooComplex: 'QUERY_TOO_COMPLEX',
  unauthenticated: 'UNAUTHENTICATED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  precondition: 'FAILED_PRECONDITION',
  internal: 'INTERNAL_SERVER_ERROR',
  upstream: 'BAD_GATEWAY',
  unavailable: 'SERVICE_UNAVAILABLE',
  timeout: 'GATEWAY_TIMEOUT',
};

type ErrorClass<Code extends string> = abstract new (...args: never[]) => FolioError<Code>;

/** A module's error class with the code table its codes come from. */
export type ModuleErrors = readonly [ErrorClass<string>, ErrorCodes<string>];

export const MODULE_ERRORS: readonly ModuleErrors[] = [
  [ApiError, ApiErrorCode],
  [AuthError, AuthErrorCode],
  [QueryLimitError, QueryLimit],
  [DocumentError, DocumentErrorCode],
  [GraphError, GraphErrorCode],
  [Neo4jServerError, Neo4jServerErrorCode],
  [IngestError, IngestErrorCode],
  [PdfError, PdfErrorCode],
  [OcrError, OcrErrorCode],
  [EmbedError, EmbedErrorCode],
  [LlmError, LlmErrorCode],
  [EnrichError, EnrichErrorCode],
  [AnalyticsError, AnalyticsErrorCode],
  [RetrieveError, RetrieveErrorCode],
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
    for (const [errorClass, codes] of MODULE_ERRORS) {
      if (!(error instanceof errorClass)) continue;
      const reason = error.code;
      const code = KIND_CODE[kindOf(codes, reason) ?? 'internal'];
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
