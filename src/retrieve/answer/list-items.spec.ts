import * as list from './list-items';

/** A reader of one text (list element, paragraph, question or sentence), what it should read and why. */
type Reading = [says: string, read: (text: string) => unknown, text: string, expected: unknown];
const itemsOf = (text: string) => list.enumeration(text)?.items;

describe('list readers', () => {
  it.each<Reading>([
    [
      'listItems splits a list element at its markers and joins wrapped lines to their item',
      list.listItems,
      '• Infrared camera\n• Laser rangefinder with a\nsecond line\n2) Gas sensor',
      ['Infrared camera', 'Laser rangefinder with a second line', 'Gas sensor'],
    ],
    [
      'bulletLines reads the bullet lines a paragraph holds after its lead',
      list.bulletLines,
      'The kit contains:\n• a torque wrench\n• two spare seals\n• the manual',
      ['a torque wrench', 'two spare seals', 'the manual'],
    ],
    [
      'bulletLines reads none from a paragraph with one dash',
      list.bulletLines,
      'Prices rose 4 % in May.\n- see the note',
      [],
    ],
    [
      'bulletLines reads none from a paragraph without bullets',
      list.bulletLines,
      'A plain paragraph without bullets.',
      [],
    ],
    [
      "subjectWords drops the words that ask for a list and the question's counts",
      list.subjectWords,
      'List the three kinds of valves fitted to the boiler.',
      ['valve', 'fitt', 'boiler'],
    ],
    [
      'askedCount reads a count in words',
      list.askedCount,
      'What are the three stages of the kiln cycle?',
      { n: 3, end: null },
    ],
    [
      'askedCount reads the last N',
      list.askedCount,
      'What are the last 4 appendices of the manual?',
      { n: 4, end: 'last' },
    ],
    [
      'askedCount reads a fused "top2"',
      list.askedCount,
      'Which are the top2 hazards named?',
      { n: 2, end: 'first' },
    ],
    [
      'askedCount reads no count from a time span',
      list.askedCount,
      'What happened within the first 90 minutes?',
      null,
    ],
    ['askedCount reads no count from a year', list.askedCount, 'Which rooms were painted in 2015?', null],
    [
      'enumeration reads the items after a colon, split at semicolons',
      list.enumeration,
      'The ferry line serves the following ports: Dover; Calais; Dunkirk and Ostend; Zeebrugge.',
      {
        lead: 'The ferry line serves the following ports:',
        items: ['Dover', 'Calais', 'Dunkirk and Ostend', 'Zeebrugge'],
      },
    ],
    [
      'enumeration reads "are A, B, and C" with the last pair split at "and"',
      itemsOf,
      'The club’s three sections are rowing, sailing, and canoe polo.',
      ['rowing', 'sailing', 'canoe polo'],
    ],
    [
      'enumeration reads "are A, B and C" without the serial comma',
      itemsOf,
      'Its sections are rowing, sailing and canoe polo.',
      ['rowing', 'sailing', 'canoe polo'],
    ],
    [
      'enumeration reads nothing from a sentence with commas but no enumeration',
      list.enumeration,
      'In 2021, the club grew, although fewer members rowed.',
      null,
    ],
    ['enumeration reads nothing from a pair', list.enumeration, 'The yard builds ferries and tugs.', null],
    [
      'enumeration reads nothing from a sentence whose items before the last are not short',
      list.enumeration,
      'Reasons include that the old hall was far too small for the members who came every week, cost, and time.',
      null,
    ],
    [
      'paragraphTitle reads the title before a colon',
      list.paragraphTitle,
      'Marine Division: The division builds ferries and tugs.',
      'Marine Division',
    ],
    [
      'paragraphTitle reads a numbered title',
      list.paragraphTitle,
      '4.2.1. Cold welding. The joint is pressed without heat.',
      'Cold welding',
    ],
    [
      'paragraphTitle reads a question the paragraph opens with',
      list.paragraphTitle,
      'Is the boiler safe?The boiler was inspected in May.',
      'Is the boiler safe?',
    ],
    [
      'paragraphTitle reads none from a paragraph that opens with a sentence',
      list.paragraphTitle,
      'The division builds ferries. It employs 300 people.',
      null,
    ],
    [
      'paragraphTitle reads none from a sentence with a colon late in it',
      list.paragraphTitle,
      'In May the boiler, which is old, was inspected: it passed.',
      null,
    ],
    [
      'series reads a series inside a longer sentence, from the preposition it follows to its "and" part',
      list.series,
      'The ferry line is based in Leith, and the company runs crews stationed in Oban, Mallaig, Ullapool, Stornoway and Tarbert, serving the islands.',
      {
        lead: 'The ferry line is based in Leith, and the company runs crews stationed in',
        items: ['Oban', 'Mallaig', 'Ullapool', 'Stornoway', 'Tarbert'],
      },
    ],
    [
      'series is null for fewer items',
      list.series,
      'Crews are stationed in Oban and Mallaig, serving the islands.',
      null,
    ],
    [
      // "and other towns …" is no name, a quotation no item
      'series is null for a quotation ending in "and other towns"',
      list.series,
      'The line ran from “Leith to Oban, Mallaig, and other towns of the coast,” carrying fish, wool and coal.',
      null,
    ],
    [
      'series is null for long clauses between its commas',
      list.series,
      'The ferry left at dawn, the crew checked every hatch on the lower deck before sailing, and the harbour master signed the log.',
      null,
    ],
  ])('%s', (_says, read, text, expected) => {
    expect(read(text)).toEqual(expected);
  });
});

describe('namesThings and distinct', () => {
  it('rejects a "list" of bare numbers (chart ticks read as dashes)', () => {
    expect(list.namesThings(['4', '2', '7'])).toBe(false);
    expect(list.namesThings(['Oslo', 'Bergen', '12'])).toBe(true);
  });
  it('keeps the first of repeated items, ignoring case and punctuation', () => {
    expect(list.distinct(['Gas sensor', 'gas sensor.', 'Seismometer'])).toEqual([
      'Gas sensor',
      'Seismometer',
    ]);
  });
});

describe('askedSlice', () => {
  it('slices only when the question names an end', () => {
    const items = ['a', 'b', 'c', 'd', 'e'];
    expect(list.askedSlice(items, { n: 2, end: 'last' })).toEqual(['d', 'e']);
    expect(list.askedSlice(items, { n: 2, end: 'first' })).toEqual(['a', 'b']);
    expect(list.askedSlice(items, { n: 2, end: null })).toEqual(items);
  });
});
