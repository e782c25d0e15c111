import { commandArgs, documentsArgs } from './command-args';

describe('commandArgs', () => {
  let written: string[];
  beforeEach(() => {
    written = [];
    jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
  });
  afterEach(() => jest.restoreAllMocks());

  const parse = (args: string[]) =>
    commandArgs(
      'Usage: folio x <docId>...|--all',
      { args, allowPositionals: true, options: { all: { type: 'boolean', default: false } } },
      (p) => p.positionals.length > 0 || p.values.all,
    );

  it('gives the arguments when they are complete, printing nothing', () => {
    expect(parse(['a', 'b'])).toMatchObject({ values: { all: false }, positionals: ['a', 'b'] });
    expect(parse(['--all'])).toMatchObject({ values: { all: true }, positionals: [] });
    expect(written).toEqual([]);
  });

  it('prints the usage and gives 0 for -h/--help, 2 when a required argument is missing', () => {
    expect(parse(['--help'])).toBe(0);
    expect(parse(['-h', 'a'])).toBe(0);
    expect(parse([])).toBe(2);
    expect(written).toEqual(Array(3).fill('Usage: folio x <docId>...|--all\n'));
  });

  it('still refuses options the command does not declare', () => {
    expect(() => parse(['--nope'])).toThrow(/Unknown option '--nope'/);
  });

  it('reads a command over <docId>...|--all: documents or --all, else the usage and 2', () => {
    const over = (args: string[]) => documentsArgs('Usage: folio y', args, { json: { type: 'boolean' } });
    expect(over(['d1', '--json'])).toMatchObject({ values: { all: false, json: true }, positionals: ['d1'] });
    expect(over(['--all'])).toMatchObject({ values: { all: true }, positionals: [] });
    expect(over(['--json'])).toBe(2);
    expect(written).toEqual(['Usage: folio y\n']);
  });
});
