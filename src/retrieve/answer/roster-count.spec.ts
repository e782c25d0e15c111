import { askedOrganisation, rosterCountSource } from './roster-count';
import { elementsInOrder, evidenceFrom, evidencePage } from './testing/evidence-builders';

const el = elementsInOrder('d');
const contributors = [
  evidencePage(12, [
    el(12, 'heading', 'Contributing Authors'),
    el(
      12,
      'paragraph',
      'Ann Reyes, Lakeside University Tom G. Baker, Harbour Institute of Marine Science Priya Nair, Lakeside ' +
        'University Omar Haddad, Northfield Water Authority',
    ),
  ]),
  evidencePage(13, [
    el(
      13,
      'paragraph',
      'Lena Ortiz, Harbour Institute of Marine Science Jonas Berg, Lakeside University Mia Chen, Lakeside University Press',
    ),
    // prose that names the organisation is not a roster entry
    el(13, 'paragraph', 'The survey was run with Lakeside University, which hosted the workshops.'),
  ]),
];

describe('askedOrganisation', () => {
  it.each([
    ['How many authors come from Lakeside University?', 'Lakeside University'],
    [
      'How many of the contributors are at the Harbour Institute of Marine Science?',
      'Harbour Institute of Marine Science',
    ],
    ['How many authors are there?', null],
    ['How many authors come from Lakeside?', null],
  ])('%s → %s', (question, organisation) => expect(askedOrganisation(question)).toBe(organisation));
});

describe('rosterCountSource', () => {
  it('counts the entries that list a person under the organisation, across pages, each cited', () => {
    const answer = rosterCountSource(
      evidenceFrom('How many contributing authors come from Lakeside University?', 'COUNT', contributors),
    );
    expect(answer?.answer).toMatchObject({ kind: 'COUNT', value: '3' });
    expect(answer?.answer.items).toEqual([
      'Ann Reyes, Lakeside University',
      'Priya Nair, Lakeside University',
      'Jonas Berg, Lakeside University',
    ]);
    expect(answer?.citations.map((c) => c.pageNumber)).toEqual([12, 12, 13]);
  });

  it('reads an organisation of several words whole', () => {
    const answer = rosterCountSource(
      evidenceFrom(
        'How many authors are from the Harbour Institute of Marine Science?',
        'COUNT',
        contributors,
      ),
    );
    expect(answer?.answer.value).toBe('2');
  });

  it('answers nothing when no roster names the organisation, or the question names none', () => {
    expect(
      rosterCountSource(evidenceFrom('How many authors come from Eastbrook College?', 'COUNT', contributors)),
    ).toBeNull();
    expect(rosterCountSource(evidenceFrom('How many authors are listed?', 'COUNT', contributors))).toBeNull();
    const prose = [evidencePage(3, [el(3, 'paragraph', 'Ann Reyes, Lakeside University, led the survey.')])];
    expect(
      rosterCountSource(evidenceFrom('How many authors come from Lakeside University?', 'COUNT', prose)),
    ).toBeNull();
  });
});
