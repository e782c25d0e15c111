import type { Request, Response } from 'express';
import { AuthError } from './auth.errors';
import type { PresentedError } from './error-map';

/**
 * Answers a request refused before GraphQL or a controller ran: a GraphQL-shaped error on /graphql, the
 * `{code, message}` body of the other routes elsewhere; `extra` adds fields (e.g. the refused host).
 */
export function sendRefusal(
  req: Request,
  res: Response,
  err: unknown,
  presented: PresentedError,
  extra: Record<string, string> = {},
): void {
  res.status(presented.status);
  if (err instanceof AuthError && presented.status === 401) res.setHeader('www-authenticate', 'Bearer');
  const graphql = req.baseUrl.startsWith('/graphql') || req.originalUrl.startsWith('/graphql');
  res.json(
    graphql
      ? {
          errors: [
            {
              message: presented.message,
              extensions: { code: presented.code, reason: presented.reason, ...extra },
            },
          ],
        }
      : { code: presented.reason ?? presented.code, message: presented.message, ...extra },
  );
}
