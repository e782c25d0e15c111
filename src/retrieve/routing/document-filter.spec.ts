import { thrownBy } from '../../common/testing/thrown';
import { RetrieveErrorCode } from '../retrieve.errors';
import { filterParams, hasFilter, parseWhere } from './document-filter';

describe('parseWhere', () => {
  it('reads title, repeated tags, kinds in any case and dates', () => {
    expect(
      parseWhere(
        'title~annual report, tag=finance,tag=2024 ,kind=slides,kind=Scanned,after=2024-01-01,before=2025-01-01',
      ),
    ).toEqual({
      titleContains: 'annual report',
      tags: ['finance', '2024'],
      kinds: ['SLIDES', 'SCANNED'],
      ingestedAfter: '2024-01-01',
      ingestedBefore: '2025-01-01',
    });
  });

  it.each([
    ['', /--where is empty/],
    ['title=annual', /clause "title=annual" is not understood.*title~<words>/],
    ['kind=deck', /kind "deck" is not a document kind; give one of text, slides, scanned/],
    ['author=smith', /clause "author=smith" is not understood.*kind=<text\|slides\|scanned>/],
    ['after=last week', /ingestedAfter "last week" is not a date/],
    ['after=2025-01-01,before=2024-01-01', /must come before/],
    ['title~a,title~b', /title~ twice/],
  ])('refuses %p with a BAD_FILTER that says what to write', (where, message) => {
    expect(thrownBy(() => parseWhere(where))).toMatchObject({
      code: RetrieveErrorCode.BAD_FILTER,
      message: expect.stringMatching(message),
    });
  });
});

describe('filterParams', () => {
  it('passes absent fields as null and drops blank tags', () => {
    expect(filterParams({ tags: [' ', 'x'], ingestedAfter: '2024-05-01T10:00:00Z' })).toEqual({
      titleContains: null,
      tags: ['x'],
      kinds: null,
      ingestedAfter: '2024-05-01T10:00:00Z',
      ingestedBefore: null,
    });
    expect(hasFilter({ titleContains: '  ', tags: [], kinds: [] })).toBe(false);
    expect(hasFilter({ kinds: ['SLIDES'] })).toBe(true);
    expect(filterParams({ kinds: ['SLIDES', 'SLIDES'] }).kinds).toEqual(['SLIDES']);
    expect(hasFilter(undefined)).toBe(false);
  });
});
