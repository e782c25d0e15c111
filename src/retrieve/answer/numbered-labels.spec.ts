import { labelAgreement, numberedLabels } from './numbered-labels';

describe('numberedLabels', () => {
  it('reads a series word followed by its number', () => {
    expect(numberedLabels('How many goals are in UNIT 8, Step 2.1 and module-3?')).toEqual([
      { series: 'unit', number: '8' },
      { series: 'step', number: '2.1' },
      { series: 'module', number: '3' },
    ]);
  });

  it('reads each number of a series of labels', () => {
    expect(numberedLabels('What is due in units 4, 5, and 6?').map((l) => l.number)).toEqual(['4', '5', '6']);
    expect(numberedLabels('Compare chapters 2 & 3.').map((l) => l.number)).toEqual(['2', '3']);
  });

  it('reads no label from counts, years, amounts or pages', () => {
    expect(
      numberedLabels('the top 10 firms in 2015 paid nearly 300 dollars, than 5 on page 4, 12% in Q 3'),
    ).toEqual([]);
  });
});

describe('labelAgreement', () => {
  const asked = numberedLabels('What is covered in Chapter 5?');

  it('is same when the passage names the asked label, other when only another number of the series', () => {
    expect(labelAgreement(asked, 'Chapter 5: Water')).toBe('same');
    expect(labelAgreement(asked, 'Chapter 4: Air, see also Chapter 5')).toBe('same');
    expect(labelAgreement(asked, 'Chapter 4: Air')).toBe('other');
    expect(labelAgreement(asked, 'Section 4: Air')).toBe('none');
  });

  it('is none when the question names no label', () => {
    expect(labelAgreement([], 'Chapter 4: Air')).toBe('none');
  });
});
