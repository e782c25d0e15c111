import { kindPhrase, shortSpan } from './short-span';

describe('shortSpan', () => {
  const cases: Array<[string, string, string]> = [
    [
      'Where was the first prototype assembled?',
      'The first prototype was assembled in the Delft Maker Lab, and later moved to a hangar.',
      'Delft Maker Lab',
    ],
    [
      'What does the code word AMBER signal?',
      'During drills the code word AMBER signals evacuation may follow within the hour.',
      'evacuation',
    ],
    [
      'Which protein is made inside the bundle sheath?',
      'In these leaves, most of the starch synthase protein is made inside the bundle sheath.',
      'most of the starch synthase protein',
    ],
    [
      'What is the theme of module 9?',
      'Module 9: Budgeting for Small Cooperatives',
      'Budgeting for Small Cooperatives',
    ],
    [
      'Who produced the survey that was revised in March?',
      'The survey was produced by the Harbour Institute of Statistics.',
      'Harbour Institute of Statistics',
    ],
    [
      'What is the slow-start phase of the pump known as?',
      'The slow-start phase of the pump is called the soft ramp, which protects the seals.',
      'soft ramp',
    ],
    ['What is the market label for district code KX04?', '4. Pine Hollow, District: KX04', 'Pine Hollow'],
    [
      'Which individual leads this outreach program?',
      'Outreach Program Lead Dana Whitfield',
      'Dana Whitfield',
    ],
  ];
  it.each(cases)('%s', (question, text, span) => {
    const found = shortSpan(question, text);
    expect(found?.span).toBe(span);
    expect(text).toContain(found!.span);
  });

  it('finds nothing when the sentence does not repeat the question', () => {
    expect(shortSpan('Where was the bridge built?', 'Tolls were abolished in 1990.')).toBeNull();
  });

  it('finds no span of function words alone', () => {
    expect(shortSpan('Which app pairs the watch?', 'After it pairs the watch.')).toBeNull();
  });

  it('finds nothing when the only words left are too many to be a value', () => {
    const long =
      'The inspector checks the seal torque the hose clamps the filter housing the drain plug the gauge glass ' +
      'and the vent line on each unit';
    expect(shortSpan('What does the inspector check?', long)).toBeNull();
  });
});

describe('kindPhrase', () => {
  it('reads the noun phrase that says the kind asked, modifiers and article included', () => {
    expect(
      kindPhrase(
        'What kind of room should the kiln be fired in?',
        'Fire the kiln in a dry and well ventilated room, away from stored glazes.',
      )?.span,
    ).toBe('a dry and well ventilated room');
    expect(
      kindPhrase('What type of glaze does the guide recommend?', 'It recommends lead-free glaze.')?.span,
    ).toBe('lead-free glaze');
  });
  it('reads nothing when the noun stands alone or only with the question’s own words, or no kind is asked', () => {
    expect(kindPhrase('What kind of room is needed?', 'A room is needed for the kiln.')).toBeNull();
    expect(
      kindPhrase('What kind of room does the glaze store need?', 'The glaze room needs air.'),
    ).toBeNull();
    expect(kindPhrase('Where is the kiln room?', 'The kiln is in a dry room.')).toBeNull();
  });
});
