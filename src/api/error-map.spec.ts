import * as fs from 'node:fs';
import * as path from 'node:path';
import { FolioError, kindOf } from '../common/folio-error';
import { documentNotFound } from '../document/document.errors';
import { IngestError, IngestErrorCode } from '../ingest/ingest.errors';
import { INTERNAL_MESSAGE, KIND_CODE, MODULE_ERRORS, presentError } from './error-map';

const SRC = path.resolve(__dirname, '..');

function errorModules(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return errorModules(full);
    return entry.name.endsWith('.errors.ts') ? [full] : [];
  });
}

describe('the error map', () => {
  const files = errorModules(SRC);

  it('finds the modules it must cover', () => {
    expect(files.length).toBeGreaterThanOrEqual(10);
  });

  it.each(files.map((f) => [path.relative(SRC, f)]))(
    '%s: every error class is registered with its code table, every code has a kind',
    async (relative) => {
      const exported = (await import(path.join(SRC, relative))) as Record<string, unknown>;
      const classes = Object.values(exported).filter(
        (v): v is abstract new (...a: never[]) => FolioError =>
          typeof v === 'function' && v.prototype instanceof Error,
      );
      expect(classes.length).toBeGreaterThan(0);
      for (const cls of classes) {
        // A module error must extend FolioError and have its own entry in MODULE_ERRORS.
        expect(cls.prototype instanceof FolioError).toBe(true);
        const entry = MODULE_ERRORS.find(([errorClass]) => errorClass === cls);
        expect(entry ? cls.name : `${cls.name} is not in MODULE_ERRORS`).toBe(cls.name);
        const codes = entry![1];
        for (const code of Object.values(codes)) expect(KIND_CODE).toHaveProperty(kindOf(codes, code)!);
      }
    },
  );

  it('presents a module error with its status, reason and own message', () => {
    const err = new IngestError(IngestErrorCode.DOCUMENT_BUSY, 'being ingested by another request');
    expect(presentError(err)).toEqual({
      code: 'CONFLICT',
      status: 409,
      reason: 'DOCUMENT_BUSY',
      message: 'being ingested by another request',
      expected: true,
    });
  });

  it('presents the one DOCUMENT_NOT_FOUND, whichever module looked the document up, as NOT_FOUND', () => {
    expect(presentError(documentNotFound('d1', 'List documents with `folio list`.'))).toEqual({
      code: 'NOT_FOUND',
      status: 404,
      reason: 'DOCUMENT_NOT_FOUND',
      message: "No document with id 'd1'. List documents with `folio list`.",
      expected: true,
    });
  });

  it('presents anything else as an internal error without its message', () => {
    expect(presentError(new TypeError('x is undefined'))).toEqual({
      code: 'INTERNAL_SERVER_ERROR',
      status: 500,
      message: INTERNAL_MESSAGE,
      expected: false,
    });
    expect(presentError('a string').expected).toBe(false);
  });
});
