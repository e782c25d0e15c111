import { Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import type { ApiScope } from '../config/folio-config';
import { ApiKeyService } from './api-key.service';
import { presentedKey } from './api-keys';
import { AuthError } from './auth.errors';
import { presentError } from './error-map';

/** The scope the API key middleware granted, read by the GraphQL context. */
export type AuthorizedRequest = Request & { folioScope?: ApiScope };

/**
 * Checks the API key before anything else reads the request (an upload is refused before its bytes are read).
 * A refused GraphQL request gets a GraphQL-shaped error (401 for keys, 503 when Neo4j cannot say which keys
 * exist); the page-image route a `{code, message}` body like its other errors. Which operations a scope may run
 * is checked later, by the apiScopePlugin.
 */
@Injectable()
export class ApiKeyMiddleware implements NestMiddleware {
  constructor(private readonly keys: ApiKeyService) {}

  use(req: AuthorizedRequest, res: Response, next: NextFunction): void {
    this.keys.authenticate(presentedKey(req.headers)).then(
      (scope) => {
        req.folioScope = scope;
        next();
      },
      (err: unknown) => {
        const presented = presentError(err);
        if (!presented.expected) {
          next(err);
          return;
        }
        res.status(presented.status);
        if (err instanceof AuthError) res.setHeader('www-authenticate', 'Bearer');
        const graphql = req.baseUrl.startsWith('/graphql') || req.originalUrl.startsWith('/graphql');
        res.json(
          graphql
            ? {
                errors: [
                  {
                    message: presented.message,
                    extensions: { code: presented.code, reason: presented.reason },
                  },
                ],
              }
            : { code: presented.reason ?? presented.code, message: presented.message },
        );
      },
    );
  }
}
