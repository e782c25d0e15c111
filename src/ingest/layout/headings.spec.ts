import { headingNumber, isHeading, numberingLevel } from './headings';

const line = (text: string) => ({ text, fontSize: 10, bold: false, lineCount: 1 });

describe('chapter, part and appendix labels', () => {
  it('reads a label in capitals, digits or a lower-case roman numeral, whatever the keyword’s case', () => {
    expect(headingNumber('Chapter 4 Results')).toBe('4');
    expect(headingNumber('PART II')).toBe('II');
    expect(headingNumber('part ii')).toBe('ii');
    expect(headingNumber('Appendix B Data tables')).toBe('B');
    expect(headingNumber('ANNEX 2')).toBe('2');
    expect(isHeading(line('part iv'), 10)).toBe(true);
  });

  it('takes no lower-case word after the keyword for a label ("Part a fee …", "Appendix a list …")', () => {
    expect(numberingLevel('Part a fee of five dollars')).toBeNull();
    expect(headingNumber('Appendix a list of the sites')).toBeNull();
    expect(numberingLevel('Part civil and part criminal')).toBeNull();
    expect(isHeading(line('part a fee of five dollars'), 10)).toBe(false);
  });
});
