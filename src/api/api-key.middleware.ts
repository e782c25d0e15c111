import { Inject, Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { FOLIO_CONFIG } from '../config/config.tokens';
import type { ApiScope, FolioConfig } from '../config/folio-config';
import { authorize, presentedKey } from './api-keys';
import { AuthError } from './auth.errors';
import { presentError } from './error-map';

/** The scope the API key middleware granted, read by the GraphQL context. */
export type AuthorizedRequest = Request & { folioScope?: ApiScope };

/**
 * Checks the API key before anything else reads the request (an upload is refused before its bytes are read).
 * A refused GraphQL request gets a GraphQL-shaped 401; the page-image route a `{code, message}` body like its
 * other errors. Which operations a scope may run is checked later, by the apiScopePlugin.
 */
@Injectable()
export class ApiKeyMiddleware implements NestMiddleware {
  constructor(@Inject(FOLIO_CONFIG) private readonly config: FolioConfig) {}

  use(req: AuthorizedRequest, res: Response, next: NextFunction): void {
    try {
      req.folioScope = authorize(this.config.auth.keys, presentedKey(req.headers));
      next();
    } catch (err) {
      if (!(err instanceof AuthError)) throw err;
      const presented = presentError(err);
      res.status(presented.status);
      res.setHeader('www-authenticate', 'Bearer');
      const graphql = req.baseUrl.startsWith('/graphql') || req.originalUrl.startsWith('/graphql');
      res.json(
        graphql
          ? {
              errors: [
                { message: presented.message, extensions: { code: presented.code, reason: err.code } },
              ],
            }
          : { code: err.code, message: presented.message },
      );
    }
  }
}
