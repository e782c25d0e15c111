import { ArgumentsHost, Catch, Logger } from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import { GqlArgumentsHost, GqlContextType, GqlExceptionFilter } from '@nestjs/graphql';
import type { Request, Response } from 'express';
import { GraphQLError } from 'graphql';
import { presentError } from './error-map';
import type { GraphQLRequestContext } from './request-cache';

/**
 * GraphQL errors go back to Apollo; unexpected ones are logged with the request id the client also gets, so a report
 * matches a log line. An oversized JSON body on /graphql still gets a GraphQL-shaped 413. */
@Catch()
export class GraphQLExceptionFilter extends BaseExceptionFilter implements GqlExceptionFilter {
  private readonly logger = new Logger('GraphQL');

  override catch(exception: unknown, host: ArgumentsHost): unknown {
    if (host.getType<GqlContextType>() !== 'graphql') {
      const http = host.switchToHttp();
      const tooLarge = bodyTooLarge(exception) ?? multipartFieldTooLarge(exception);
      if (tooLarge && http.getRequest<Request>().path.startsWith('/graphql')) {
        http.getResponse<Response>().status(413).json(payloadTooLargeResponse(tooLarge));
        return undefined;
      }
      return super.catch(exception, host);
    }
    if (presentError(exception).expected) return exception;
    const requestId = GqlArgumentsHost.create(host).getContext<GraphQLRequestContext>().requestId;
    const detail = exception instanceof Error ? (exception.stack ?? exception.message) : String(exception);
    this.logger.error(`request ${requestId}: ${detail}`);
    const original = exception instanceof Error ? exception : new Error(String(exception));
    return new GraphQLError(original.message, { originalError: original, extensions: { requestId } });
  }
}

/**
 * The limit of a JSON body to /graphql (body-parser's default, which Nest keeps), and of every non-file part of a
 * multipart one (`operations`, `map`): the GraphQL request itself is the same size whichever way it comes.
 */
export const GRAPHQL_BODY_LIMIT_BYTES = 100 * 1024;

interface TooLarge {
  limit: number;
  /** The multipart part over the limit; absent for a JSON body. */
  part?: string;
}

/** body-parser's refusal of a body over its limit (`type: 'entity.too.large'`, with the limit in bytes). */
function bodyTooLarge(exception: unknown): TooLarge | null {
  const e = exception as { type?: unknown; limit?: unknown } | null;
  return e?.type === 'entity.too.large' && typeof e.limit === 'number' ? { limit: e.limit } : null;
}

/** graphql-upload's refusal of a multipart field over `maxFieldSize` (an HttpError 413 naming the field). */
function multipartFieldTooLarge(exception: unknown): TooLarge | null {
  const e = exception as { status?: unknown; message?: unknown } | null;
  if (e?.status !== 413 || typeof e.message !== 'string') return null;
  const part = /^The '([^']+)' multipart field value exceeds/.exec(e.message)?.[1];
  return part ? { limit: GRAPHQL_BODY_LIMIT_BYTES, part } : null;
}

function payloadTooLargeResponse({ limit, part }: TooLarge): {
  errors: Array<{ message: string; extensions: { code: 'PAYLOAD_TOO_LARGE'; limit: number } }>;
} {
  const message = part
    ? `The '${part}' part of this multipart request is larger than the limit of ${limit} bytes for a GraphQL ` +
      'request; only the file part may be larger (up to FOLIO_MAX_UPLOAD_MB).'
    : `The request body is larger than the limit of ${limit} bytes for a JSON GraphQL request. ` +
      'Send a PDF as a multipart upload (ingestDocument with a file) rather than inside the JSON.';
  return { errors: [{ message, extensions: { code: 'PAYLOAD_TOO_LARGE', limit } }] };
}
