import { answerKindOf } from './answer-kind';
import { askedHolderRole, roleHolderSource } from './role-holder';
import { askerOf, elementsInOrder, evidencePage, textElement } from './testing/evidence-builders';

const el = elementsInOrder('d');
const ask = askerOf(roleHolderSource, 'NAME');

// a contributors page: labels above the people, a staff roster printing "Name, Role", an inline "Role: Name"
const contributors = evidencePage(4, [
  el(4, 'heading', 'Survey Steering Group'),
  el(4, 'paragraph', 'Lead Coordinator'),
  el(4, 'paragraph', 'Marta Okafor, Lakeside Water Agency'),
  el(4, 'paragraph', 'Group Members'),
  el(
    4,
    'paragraph',
    'Jonas Berg, Harbour Institute Priya Nair, Lakeside University Omar Haddad, Northfield Council',
  ),
  el(4, 'page-footer', 'iv'),
]);
const staff = evidencePage(5, [
  el(5, 'heading', 'Programme Office'),
  el(
    5,
    'paragraph',
    'Lena Ortiz, Executive Director, Programme Office Ravi Menon, Deputy Director, Programme Office Mia Chen, ' +
      'Field Programme Lead',
  ),
  el(5, 'paragraph', 'Data Manager: Tom G. Baker Outreach Lead – Sara Lind'),
]);
const company = evidencePage(2, [
  el(2, 'paragraph', 'Board and officers'),
  el(2, 'paragraph', 'Ann Reyes, Chief Executive Officer'),
  el(2, 'paragraph', 'Karl Weiss, Chief Financial Officer'),
  el(2, 'paragraph', 'Chair of the Board: Dr. Helen Park'),
]);

/** A line of a cover page at `top`, 14 points high, in the page's one column. */
const coverLine = (n: number, text: string, top: number) =>
  textElement(text, { pageNumber: 1, elementId: `c${n}`, kind: 'heading', bbox: [300, top, 460, top + 14] });
// a signature block: each title printed just under its name, the next name further down
const cover = evidencePage(1, [
  coverLine(1, 'Harbour City Water Plan', 100),
  coverLine(2, 'Rosa Delgado', 560),
  coverLine(3, 'MAYOR', 578),
  coverLine(4, 'Ivan Petrov, PhD', 640),
  coverLine(5, 'Water Commissioner', 658),
]);
// labels above their names, the first name under a heading that is no role
const masthead = evidencePage(3, [
  coverLine(1, 'Contributors', 100),
  coverLine(2, 'Nadia Rahman', 118),
  coverLine(3, 'Editor', 160),
  coverLine(4, 'Paul Girard', 178),
]);

describe('askedHolderRole', () => {
  it.each([
    ['Who is the CEO of the company?', 'officer'],
    ['Which individual leads the survey?', 'lead'],
    ['Who chairs the advisory board?', 'chair'],
    ['What is the name of the principal investigator?', 'investigator'],
    ['Who served as the field coordinator?', 'coordinator'],
    ['Who is the treasurer named on the first page?', 'treasurer'],
  ])('%s → %s', (question, role) => expect(askedHolderRole(question)?.role).toBe(role));

  it.each([
    'Which company leads the market?',
    'What is the name of the firm whose director resigned?',
    'Who was the first director of the office?',
    'Who is the longest-serving chair?',
    'Who wrote the report?',
    'Who reports to the CEO?',
    'Who did the chair thank in the letter?',
  ])('asks for no role holder: %s', (question) => expect(askedHolderRole(question)).toBeNull());

  it('reads these questions as asking for a name', () => {
    for (const q of ['Who is the CFO?', 'Which individual heads the unit?', 'What is the name of the dean?'])
      expect(answerKindOf(q)).toBe('NAME');
  });
});

describe('roleHolderSource', () => {
  it('reads the person on the line below a role label, without the organisation, citing both lines', () => {
    const found = ask('Which individual leads the steering group?', [contributors, staff]);
    expect(found?.answer).toMatchObject({ kind: 'NAME', value: 'Marta Okafor' });
    expect(found?.citations.map((c) => [c.pageNumber, c.quote])).toEqual([
      [4, 'Lead Coordinator'],
      [4, 'Marta Okafor, Lakeside Water Agency'],
    ]);
    expect(ask('Who was the lead coordinator?', [contributors])?.answer.value).toBe('Marta Okafor');
  });

  it('reads "Role: Name" and "Role – Name" printed inline', () => {
    expect(ask('Who is the data manager?', [staff])?.answer.value).toBe('Tom G. Baker');
    expect(ask('Who is the outreach lead?', [staff])?.answer.value).toBe('Sara Lind');
    expect(ask('Who chairs the board?', [company])?.answer.value).toBe('Helen Park');
  });

  it('reads "Name, Role" and tells the director from the deputy', () => {
    const found = ask('Who is the executive director of the programme office?', [staff]);
    expect(found?.answer.value).toBe('Lena Ortiz');
    expect(found?.citations[0]).toMatchObject({ pageNumber: 5, step: 5 });
    expect(ask('Who is the deputy director?', [staff])?.answer.value).toBe('Ravi Menon');
  });

  it('reads a title printed under its name, and a label above its name, by which is nearer', () => {
    const mayor = ask('Who is the mayor?', [cover]);
    expect(mayor?.answer.value).toBe('Rosa Delgado');
    expect(mayor?.citations.map((c) => c.elementId)).toEqual(['c2', 'c3']);
    expect(ask('Who is the water commissioner?', [cover])?.answer.value).toBe('Ivan Petrov');
    expect(ask('Who is the editor?', [masthead])?.answer.value).toBe('Paul Girard');
  });

  it('meets an acronym with the role spelled out, and keeps the chief officers apart', () => {
    expect(ask('Who is the CEO?', [company])?.answer.value).toBe('Ann Reyes');
    expect(ask('Who is the chief financial officer?', [company])?.answer.value).toBe('Karl Weiss');
    expect(ask('Who is the CTO?', [company])).toBeNull();
  });

  it('prefers the entry whose qualifiers match the question', () => {
    // "Field Programme Lead" and "Outreach Lead" are both leads; the question's "field" picks one
    expect(ask('Who is the field programme lead?', [staff])?.answer.value).toBe('Mia Chen');
  });

  it('answers from the first evidence page that prints the role', () => {
    expect(ask('Which individual leads the programme?', [contributors, staff])?.answer.value).toBe(
      'Marta Okafor',
    );
  });

  it('does not answer when nobody holds the role asked for', () => {
    expect(ask('Who is the treasurer?', [contributors, staff, company])).toBeNull();
  });

  it('does not choose between two people who fit equally', () => {
    // "Field Programme Lead" and "Outreach Lead" both lead, and the question names neither
    expect(ask('Who is the lead?', [staff])).toBeNull();
  });

  it('answers only questions that ask for a person holding a role', () => {
    expect(ask('Which agency is the lead coordinator from?', [contributors])).toBeNull();
    expect(ask('Who is the CEO?', [company], 'TEXT')).toBeNull();
    // a group under a label is not one holder
    expect(ask('Who are the group members?', [contributors])).toBeNull();
  });
});
