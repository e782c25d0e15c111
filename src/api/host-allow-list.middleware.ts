import { Inject, Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { isAllowedHost } from '../config/allowed-hosts';
import { FOLIO_CONFIG } from '../config/config.tokens';
import type { FolioConfig } from '../config/folio-config';
import { AuthError, AuthErrorCode } from './auth.errors';
import { presentError } from './error-map';
import { sendRefusal } from './http-refusal';

/**
 * Refuses (403 HOST_NOT_ALLOWED) a request whose Host header is not on the allow-list, before any other
 * middleware, resolver or controller runs: a web page that rebinds its name to this machine gets nothing.
 */
@Injectable()
export class HostAllowListMiddleware implements NestMiddleware {
  constructor(@Inject(FOLIO_CONFIG) private readonly config: FolioConfig) {}

  use(req: Request, res: Response, next: NextFunction): void {
    const host = req.headers.host;
    if (isAllowedHost(this.config.http.allowedHosts, host)) {
      next();
      return;
    }
    const shown = (host ?? '').slice(0, 100);
    const name = shown.replace(/:\d+$/, '') || '<name>';
    const err = new AuthError(
      AuthErrorCode.HOST_NOT_ALLOWED,
      host === undefined
        ? 'The request has no Host header; Folio answers only requests that name an allowed host.'
        : `Host ${JSON.stringify(shown)} is not allowed: Folio answers loopback names, the host of ` +
            `FOLIO_PUBLIC_URL and FOLIO_ALLOWED_HOSTS. If clients really reach it under this name, add it: ` +
            `FOLIO_ALLOWED_HOSTS=${name} (comma-separated, optionally with :port).`,
    );
    sendRefusal(req, res, err, presentError(err), { host: shown });
  }
}
