import { ArgumentsHost, Catch, Logger } from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import { GqlArgumentsHost, GqlContextType, GqlExceptionFilter } from '@nestjs/graphql';
import { GraphQLError } from 'graphql';
import { presentError } from './error-map';
import type { GraphQLRequestContext } from './request-cache';

/**
 * GraphQL errors go back to Apollo (formatGraphQLError gives them extensions.code). Unexpected ones — bugs, not
 * bad input or an unreachable dependency — are logged with the request id, which the client also gets, so a
 * report can be matched to the log line. HTTP routes keep Nest's default handling.
 */
@Catch()
export class GraphQLExceptionFilter extends BaseExceptionFilter implements GqlExceptionFilter {
  private readonly logger = new Logger('GraphQL');

  override catch(exception: unknown, host: ArgumentsHost): unknown {
    if (host.getType<GqlContextType>() !== 'graphql') return super.catch(exception, host);
    if (presentError(exception).expected) return exception;
    const requestId = GqlArgumentsHost.create(host).getContext<GraphQLRequestContext>().requestId;
    const detail = exception instanceof Error ? (exception.stack ?? exception.message) : String(exception);
    this.logger.error(`request ${requestId}: ${detail}`);
    const original = exception instanceof Error ? exception : new Error(String(exception));
    return new GraphQLError(original.message, { originalError: original, extensions: { requestId } });
  }
}
