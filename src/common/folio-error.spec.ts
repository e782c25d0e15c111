import { type CodeOf, errorCodes, FolioError, kindOf } from './folio-error';

enum ShelfErrorCode {
  SHELF_FULL = 'SHELF_FULL',
}

class ShelfError extends FolioError<ShelfErrorCode> {}

class BinError extends FolioError<'BIN_LOCKED'> {
  constructor(readonly binId: string) {
    super('BIN_LOCKED', `Bin ${binId} is locked; unlock it and try again.`);
  }
}

describe('FolioError', () => {
  it('names the error after its module class and keeps its code, message and cause', () => {
    const cause = new Error('no room');
    const err = new ShelfError(ShelfErrorCode.SHELF_FULL, 'The shelf is full; empty it first.', { cause });
    expect(err).toBeInstanceOf(FolioError);
    expect([err.name, err.code, err.message]).toEqual([
      'ShelfError',
      'SHELF_FULL',
      'The shelf is full; empty it first.',
    ]);
    expect(err.cause).toBe(cause);
    expect(String(err)).toBe('ShelfError: The shelf is full; empty it first.');
  });

  it('keeps the fields a module error adds with its own constructor', () => {
    const err = new BinError('b7');
    expect([err.name, err.code, err.binId]).toEqual(['BinError', 'BIN_LOCKED', 'b7']);
    expect(err.cause).toBeUndefined();
  });
});

describe('errorCodes', () => {
  const CrateCode = errorCodes({ notFound: ['CRATE_NOT_FOUND'], conflict: ['CRATE_TAKEN', 'CRATE_SEALED'] });

  it('names each code once, as its own value, and knows its kind', () => {
    const code: CodeOf<typeof CrateCode> = CrateCode.CRATE_SEALED;
    expect(code).toBe('CRATE_SEALED');
    expect(Object.values(CrateCode)).toEqual(['CRATE_NOT_FOUND', 'CRATE_TAKEN', 'CRATE_SEALED']);
    expect(kindOf(CrateCode, 'CRATE_TAKEN')).toBe('conflict');
    expect(kindOf(CrateCode, 'CRATE_NOT_FOUND')).toBe('notFound');
    expect(kindOf(CrateCode, 'SOMETHING_ELSE')).toBeUndefined();
  });
});
