import { ArgumentsHost, Catch, Logger } from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import { GqlContextType, GqlExceptionFilter } from '@nestjs/graphql';

/**
 * GraphQL errors go back to Apollo (formatGraphQLError gives them extensions.code); only errors without a code of
 * their own — bugs, not bad input — are logged. HTTP routes keep Nest's default handling.
 */
@Catch()
export class GraphQLExceptionFilter extends BaseExceptionFilter implements GqlExceptionFilter {
  private readonly logger = new Logger('GraphQL');

  override catch(exception: unknown, host: ArgumentsHost): unknown {
    if (host.getType<GqlContextType>() !== 'graphql') return super.catch(exception, host);
    const coded = exception instanceof Error && typeof (exception as { code?: unknown }).code === 'string';
    if (!coded)
      this.logger.error(
        exception instanceof Error ? (exception.stack ?? exception.message) : String(exception),
      );
    return exception;
  }
}
