import { Inject, Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { FOLIO_CONFIG } from '../config/config.tokens';
import type { FolioConfig } from '../config/folio-config';
import type { ApiScope } from '../config/api-keys.config';
import { ApiKeyService } from './api-key.service';
import { presentedKey } from './api-keys';
import { presentError } from './error-map';
import { sendRefusal } from './http-refusal';

/**
 * The scope the API key middleware granted, read by the GraphQL context; `folioAnonymous` when no key was
 * presented and the API was open (a write then re-checks that no key exists, see apiScopePlugin).
 */
export type AuthorizedRequest = Request & { folioScope?: ApiScope; folioAnonymous?: boolean };

/**
 * A browser opening the explorer page: GET /graphql preferring HTML, with no operation in the URL. Apollo answers
 * it with the page and runs nothing, so it needs no key (every request the page then sends does).
 */
export function isExplorerPageRequest(req: Request): boolean {
  const url = new URL(req.originalUrl, 'http://folio.invalid');
  return (
    req.method === 'GET' &&
    /^\/graphql\/?$/.test(url.pathname) &&
    url.search === '' &&
    req.accepts(['application/json', 'application/graphql-response+json', 'text/html']) === 'text/html'
  );
}

/**
 * Checks the API key before anything reads the request, so an upload is refused before its bytes are read;
 * the refusal is shaped like the route's other errors. Scopes are checked later, by the apiScopePlugin. */
@Injectable()
export class ApiKeyMiddleware implements NestMiddleware {
  constructor(
    private readonly keys: ApiKeyService,
    @Inject(FOLIO_CONFIG) private readonly config: FolioConfig,
  ) {}

  use(req: AuthorizedRequest, res: Response, next: NextFunction): void {
    if (this.config.http.explorer && isExplorerPageRequest(req)) {
      next();
      return;
    }
    const presented = presentedKey(req.headers);
    // A multipart request is an upload (a mutation): decide on a fresh answer before its bytes are read.
    const intent = req.is('multipart/form-data') ? 'write' : 'read';
    this.keys.authenticate(presented, intent).then(
      (scope) => {
        req.folioScope = scope;
        req.folioAnonymous = presented === undefined;
        next();
      },
      (err: unknown) => {
        const shown = presentError(err);
        if (!shown.expected) next(err);
        else sendRefusal(req, res, err, shown);
      },
    );
  }
}
