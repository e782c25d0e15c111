import { elideMiddle, etaText, LABEL_NAME_MAX } from './progress-format';

describe('elideMiddle', () => {
  it('leaves a name that fits untouched', () => {
    expect(elideMiddle('report.pdf')).toBe('report.pdf');
    const exact = 'a'.repeat(LABEL_NAME_MAX);
    expect(elideMiddle(exact)).toBe(exact);
  });

  it('keeps the start and the extension of a long name and marks the cut', () => {
    const name = 'nike-inc-annual-report-form-10-k-fiscal-2023-final-version.pdf';
    const shown = elideMiddle(name);
    expect(Array.from(shown)).toHaveLength(LABEL_NAME_MAX);
    expect(shown).toBe('nike-inc-annual-repo…3-final-version.pdf');
    expect(shown.startsWith('nike-inc-annual-repo')).toBe(true);
    expect(shown.endsWith('version.pdf')).toBe(true);
  });

  it('counts characters, not UTF-16 units, so an accented or emoji name is not split inside a character', () => {
    const shown = elideMiddle(`${'é'.repeat(30)}-😀.pdf`, 11);
    expect(shown).toBe('ééééé…😀.pdf');
  });
});

describe('etaText', () => {
  it('shows "--" while a stage has not advanced, never INF/NULL', () => {
    expect(etaText(0, 120, 0)).toBe('--');
    expect(etaText(0, 120, 5)).toBe('--');
  });

  it('extrapolates from the stage rate', () => {
    expect(etaText(10, 20, 5)).toBe('5s');
    expect(etaText(1, 100, 2)).toBe('3m18s');
    expect(etaText(1, 10_000, 1)).toBe('2h47m');
  });

  it('reads 0s once the stage is complete', () => {
    expect(etaText(20, 20, 3)).toBe('0s');
  });
});
