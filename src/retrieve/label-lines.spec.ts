import { labelledLines, namesAskedAct, roleAsked } from './label-lines';
import { contentWords } from './text-match';

const line = (text: string, kind = 'heading') => ({ kind, text });
const asked = (question: string) => new Set(contentWords(question));

describe('labelledLines', () => {
  it('takes the name printed over a role the question names', () => {
    const cover = [
      line('Office of Water Quality'),
      line('Annual Plan 2031'),
      line('Maria Okafor'),
      line('COMMISSIONER'),
      line('Daniel Reyes, PhD'),
      line('Chief Scientist'),
    ];
    const found = labelledLines(cover, asked('Who is the commissioner on the cover?'));
    expect(found.map((f) => [f.label.text, f.value.text])).toEqual([['COMMISSIONER', 'Maria Okafor']]);
  });

  it('takes the line after a label that ends with a colon or "by", not a recipient for "who …?"', () => {
    const page = [
      line('Prepared for:', 'paragraph'),
      line('The Harbour Trust'),
      line('Prepared by:', 'paragraph'),
      line('Lena Fischer and Tom Baker', 'list'),
    ];
    const who = asked('Who prepared the survey?');
    expect(roleAsked('Who prepared the survey?')).toBe('agent');
    expect(roleAsked('Who was the survey prepared for?')).toBe('recipient');
    expect(roleAsked('What does the survey cover?')).toBeNull();
    expect(labelledLines(page, who, 'agent').map((f) => f.value.text)).toEqual([
      'Lena Fischer and Tom Baker',
    ]);
    expect(labelledLines(page, who, 'recipient').map((f) => f.value.text)).toEqual(['The Harbour Trust']);
    expect(labelledLines(page, who).map((f) => f.value.text)).toEqual([
      'The Harbour Trust',
      'Lena Fischer and Tom Baker',
    ]);
  });

  it('ignores long lines, lines with other words, tables, running headers and values that only repeat the question', () => {
    const page = [
      line('Commissioner of the regional water quality office since 2020', 'paragraph'),
      line('Maria Okafor'),
      line('Commissioner report', 'page-header'),
      line('COMMISSIONER'),
      line('Commissioner Office'),
    ];
    expect(labelledLines(page, asked('Who is the commissioner?'))).toEqual([
      { label: line('COMMISSIONER'), value: line('Maria Okafor') },
    ]);
    const table = [line('Budget', 'table'), line('COMMISSIONER')];
    expect(labelledLines(table, asked('Who is the commissioner?'))).toEqual([]);
  });
});

describe('namesAskedAct', () => {
  it('is true for the "… by:" label of the act a who-question asks about', () => {
    expect(namesAskedAct('Who produced the plan that was revised in 2031?', 'Produced by:')).toBe(true);
    expect(namesAskedAct('Who produced the plan?', 'Prepared by:')).toBe(false);
    expect(namesAskedAct('Who produced the plan?', 'Produced for:')).toBe(false);
    expect(namesAskedAct('Who was the plan produced by?', 'Produced by:')).toBe(false);
  });
});
