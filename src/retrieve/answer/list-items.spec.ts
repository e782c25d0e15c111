import {
  askedCount,
  askedSlice,
  bulletLines,
  distinct,
  enumeration,
  listItems,
  namesThings,
  paragraphTitle,
  series,
  subjectWords,
} from './list-items';

describe('listItems', () => {
  it('splits a list element at its markers and joins wrapped lines to their item', () => {
    expect(listItems('• Infrared camera\n• Laser rangefinder with a\nsecond line\n2) Gas sensor')).toEqual([
      'Infrared camera',
      'Laser rangefinder with a second line',
      'Gas sensor',
    ]);
  });
});

describe('bulletLines', () => {
  it('reads the bullet lines a paragraph holds after its lead', () => {
    expect(bulletLines('The kit contains:\n• a torque wrench\n• two spare seals\n• the manual')).toEqual([
      'a torque wrench',
      'two spare seals',
      'the manual',
    ]);
  });
  it('reads none from a paragraph with one dash or none', () => {
    expect(bulletLines('Prices rose 4 % in May.\n- see the note')).toEqual([]);
    expect(bulletLines('A plain paragraph without bullets.')).toEqual([]);
  });
});

describe('namesThings and distinct', () => {
  it('rejects a "list" of bare numbers (chart ticks read as dashes)', () => {
    expect(namesThings(['4', '2', '7'])).toBe(false);
    expect(namesThings(['Oslo', 'Bergen', '12'])).toBe(true);
  });
  it('keeps the first of repeated items, ignoring case and punctuation', () => {
    expect(distinct(['Gas sensor', 'gas sensor.', 'Seismometer'])).toEqual(['Gas sensor', 'Seismometer']);
  });
});

describe('subjectWords', () => {
  it("drops the words that ask for a list and the question's counts", () => {
    expect(subjectWords('List the three kinds of valves fitted to the boiler.')).toEqual([
      'valve',
      'fitt',
      'boiler',
    ]);
  });
});

describe('askedCount and askedSlice', () => {
  it('reads the number of items asked for and the end of the list', () => {
    expect(askedCount('What are the three stages of the kiln cycle?')).toEqual({ n: 3, end: null });
    expect(askedCount('What are the last 4 appendices of the manual?')).toEqual({ n: 4, end: 'last' });
    expect(askedCount('Which are the top2 hazards named?')).toEqual({ n: 2, end: 'first' });
    expect(askedCount('What happened within the first 90 minutes?')).toBeNull();
    expect(askedCount('Which rooms were painted in 2015?')).toBeNull();
  });
  it('slices only when the question names an end', () => {
    const items = ['a', 'b', 'c', 'd', 'e'];
    expect(askedSlice(items, { n: 2, end: 'last' })).toEqual(['d', 'e']);
    expect(askedSlice(items, { n: 2, end: 'first' })).toEqual(['a', 'b']);
    expect(askedSlice(items, { n: 2, end: null })).toEqual(items);
  });
});

describe('enumeration', () => {
  it('reads the items after a colon, split at semicolons', () => {
    expect(
      enumeration('The ferry line serves the following ports: Dover; Calais; Dunkirk and Ostend; Zeebrugge.'),
    ).toEqual({
      lead: 'The ferry line serves the following ports:',
      items: ['Dover', 'Calais', 'Dunkirk and Ostend', 'Zeebrugge'],
    });
  });
  it('reads "are A, B, and C" with the last pair split at "and"', () => {
    expect(enumeration('The club’s three sections are rowing, sailing, and canoe polo.')?.items).toEqual([
      'rowing',
      'sailing',
      'canoe polo',
    ]);
    expect(enumeration('Its sections are rowing, sailing and canoe polo.')?.items).toEqual([
      'rowing',
      'sailing',
      'canoe polo',
    ]);
  });
  it('reads nothing from a sentence with commas but no enumeration of short items', () => {
    expect(enumeration('In 2021, the club grew, although fewer members rowed.')).toBeNull();
    expect(enumeration('The yard builds ferries and tugs.')).toBeNull();
    expect(
      enumeration(
        'Reasons include that the old hall was far too small for the members who came every week, cost, and time.',
      ),
    ).toBeNull();
  });
});

describe('paragraphTitle', () => {
  it('reads the title a paragraph opens with: before a colon, a numbered one, a question', () => {
    expect(paragraphTitle('Marine Division: The division builds ferries and tugs.')).toBe('Marine Division');
    expect(paragraphTitle('4.2.1. Cold welding. The joint is pressed without heat.')).toBe('Cold welding');
    expect(paragraphTitle('Is the boiler safe?The boiler was inspected in May.')).toBe('Is the boiler safe?');
  });
  it('reads none from a paragraph that opens with a sentence', () => {
    expect(paragraphTitle('The division builds ferries. It employs 300 people.')).toBeNull();
    expect(paragraphTitle('In May the boiler, which is old, was inspected: it passed.')).toBeNull();
  });
});

describe('series', () => {
  it('reads a series inside a longer sentence, from the preposition it follows to its "and" part', () => {
    const found = series(
      'The ferry line is based in Leith, and the company runs crews stationed in Oban, Mallaig, Ullapool, Stornoway and Tarbert, serving the islands.',
    );
    expect(found).toEqual({
      lead: 'The ferry line is based in Leith, and the company runs crews stationed in',
      items: ['Oban', 'Mallaig', 'Ullapool', 'Stornoway', 'Tarbert'],
    });
  });

  it('is null for a sentence with fewer items, or with long clauses between its commas', () => {
    expect(series('Crews are stationed in Oban and Mallaig, serving the islands.')).toBeNull();
    // "and other towns …" is no name, a quotation no item
    expect(
      series(
        'The line ran from “Leith to Oban, Mallaig, and other towns of the coast,” carrying fish, wool and coal.',
      ),
    ).toBeNull();
    expect(
      series(
        'The ferry left at dawn, the crew checked every hatch on the lower deck before sailing, and the harbour master signed the log.',
      ),
    ).toBeNull();
  });
});
