import { ArgumentsHost, Catch, Logger } from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import { GqlArgumentsHost, GqlContextType, GqlExceptionFilter } from '@nestjs/graphql';
import type { Request, Response } from 'express';
import { GraphQLError } from 'graphql';
import { presentError } from './error-map';
import type { GraphQLRequestContext } from './request-cache';

/**
 * GraphQL errors go back to Apollo (formatGraphQLError gives them extensions.code). Unexpected ones — bugs, not
 * bad input or an unreachable dependency — are logged with the request id, which the client also gets, so a
 * report can be matched to the log line. A JSON body over the parser's limit never reaches GraphQL: on /graphql it
 * still gets a GraphQL-shaped 413. Other HTTP errors keep Nest's default handling.
 */
@Catch()
export class GraphQLExceptionFilter extends BaseExceptionFilter implements GqlExceptionFilter {
  private readonly logger = new Logger('GraphQL');

  override catch(exception: unknown, host: ArgumentsHost): unknown {
    if (host.getType<GqlContextType>() !== 'graphql') {
      const http = host.switchToHttp();
      const tooLarge = bodyTooLarge(exception);
      if (tooLarge && http.getRequest<Request>().path.startsWith('/graphql')) {
        http.getResponse<Response>().status(413).json(payloadTooLargeResponse(tooLarge.limit));
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

/** body-parser's refusal of a body over its limit (`type: 'entity.too.large'`, with the limit in bytes). */
function bodyTooLarge(exception: unknown): { limit: number } | null {
  const e = exception as { type?: unknown; limit?: unknown } | null;
  return e?.type === 'entity.too.large' && typeof e.limit === 'number' ? { limit: e.limit } : null;
}

function payloadTooLargeResponse(limit: number): {
  errors: Array<{ message: string; extensions: { code: 'PAYLOAD_TOO_LARGE'; limit: number } }>;
} {
  const message =
    `The request body is larger than the limit of ${limit} bytes for a JSON GraphQL request. ` +
    'Send a PDF as a multipart upload (ingestDocument with a file) rather than inside the JSON.';
  return { errors: [{ message, extensions: { code: 'PAYLOAD_TOO_LARGE', limit } }] };
}
