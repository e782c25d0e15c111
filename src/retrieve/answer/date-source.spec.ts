import { answerKindOf } from './answer-kind';
import { asksForDate, dateFormatAsked, datesIn, datesOfEach, dateSource, formatDate } from './date-source';
import { evidenceOn, evidencePage, textElement } from './testing/evidence-builders';

describe('datesIn', () => {
  it.each([
    ['Signed on March 4, 2019 in Leeds.', '2019-03-04', 'March 4, 2019'],
    ['Issued 21st of Sept. 2020.', '2020-09-21', '21st of Sept. 2020'],
    ['Effective 2017-11-30 until revoked.', '2017-11-30', '2017-11-30'],
    ['Filed 04/13/2018 at noon.', '2018-04-13', '04/13/2018'],
    ['Filed 13/04/2018 at noon.', '2018-04-13', '13/04/2018'],
    ['Revised October 2016', '2016-10', 'October 2016'],
  ])('reads %j as %s', (text, iso, printed) => {
    expect(datesIn(text)).toEqual([expect.objectContaining({ iso, printed })]);
  });

  it('keeps the longer form and reading order, and leaves impossible dates out', () => {
    expect(datesIn('Drafted 2 May 2015, adopted June 2015, not 31/31/2015.').map((d) => d.iso)).toEqual([
      '2015-05-02',
      '2015-06',
    ]);
  });
});

describe('the date format and the question', () => {
  it('reads the format the question gives and writes the date in it', () => {
    expect(dateFormatAsked('Give the signing date as YYYY-MM-DD.')).toBe('YYYY-MM-DD');
    expect(dateFormatAsked('Answer in MM/DD/YYYY form')).toBe('MM/DD/YYYY');
    expect(dateFormatAsked('When was it founded?')).toBeNull();
    expect(formatDate('2019-03-04', 'YYYY-MM')).toBe('2019-03');
    expect(formatDate('2019-03-04', 'MM/DD/YYYY')).toBe('03/04/2019');
    expect(formatDate('2019-03', 'YYYY-MM-DD')).toBeNull();
    expect(formatDate('2019-03', null)).toBe('2019-03');
  });

  it.each([
    ['What date is printed on the invoice?', true],
    ['Write the date on page 3 as YYYY-MM.', true],
    ['When was the lease signed?', true],
    ['When did sales peak?', false],
    ['Which year had the most visitors?', false],
    ['How often is the dashboard updated?', false],
  ])('%j asks for a date: %s', (question, asks) => {
    expect(asksForDate(question)).toBe(asks);
  });
});

describe('dateSource', () => {
  it('answers with the date the question words stand beside, in the format asked, cited with its sentence', () => {
    const page = evidencePage(2, [
      textElement('Printed 1 February 2021 for the board.', { pageNumber: 2, elementId: 'a' }),
      textElement('The lease was signed on March 4, 2019 by both parties.', {
        pageNumber: 2,
        elementId: 'b',
      }),
    ]);
    const question = 'On which date was the lease signed? Use the format YYYY-MM-DD.';
    const found = dateSource({ question, kind: answerKindOf(question), pages: [page] });
    expect(found?.answer).toMatchObject({ kind: 'DATE', value: '2019-03-04' });
    expect(found?.citations).toEqual([
      expect.objectContaining({
        elementId: 'b',
        pageNumber: 2,
        quote: expect.stringContaining('March 4, 2019'),
      }),
    ]);
  });

  it('reads the first date of the evidence when no question word points at one', () => {
    const question = 'What date is mentioned on page 5? Format it as YYYY-MM.';
    const found = dateSource(
      evidenceOn(question, answerKindOf(question), [
        textElement('Minutes of 12 July 2009. Next meeting: 3 August 2009.', { pageNumber: 5 }),
      ]),
    );
    expect(found?.answer.value).toBe('2009-07');
  });

  it('never answers with a date the question gives, nor one without the day a format needs', () => {
    const question = 'What date did the poll of 3 May 2018 close? Give it as YYYY-MM-DD.';
    const evidence = evidenceOn(question, answerKindOf(question), [
      textElement('The poll of 3 May 2018 closed in June 2018.'),
    ]);
    expect(dateSource(evidence)).toBeNull();
  });
});

describe('dates of two named things', () => {
  it('reads which two things a list of dates is about', () => {
    expect(datesOfEach('What are the filing and hearing dates?')).toEqual(['filing', 'hearing']);
    expect(datesOfEach('What date was it filed?')).toBeNull();
  });

  it('lists each thing’s date, read beside its own word, in the format asked', () => {
    const question = "What are the filing and hearing dates? Give each as 'YYYY-MM-DD' in a list.";
    const found = dateSource({
      question,
      kind: 'LIST',
      pages: [
        evidencePage(1, [
          textElement('Filing: 2 March 2021. The hearing is set for 14 April 2021.', { elementId: 'a' }),
        ]),
      ],
    });
    expect(found?.answer).toMatchObject({ kind: 'LIST', items: ['2021-03-02', '2021-04-14'] });
    expect(found?.citations).toHaveLength(2);
  });

  it('lists nothing when one of the two has no date beside it', () => {
    const question = 'What are the filing and hearing dates?';
    const evidence = evidenceOn(question, 'LIST', [textElement('Filing: 2 March 2021. Fees are due later.')]);
    expect(dateSource(evidence)).toBeNull();
  });
});
