import { captionLabel, captionPrefix } from './caption-grammar';

describe('captionPrefix', () => {
  it('reads the label and what sets it apart: punctuation, or a space before a capitalised title', () => {
    expect(captionPrefix('Figure 3: Revenue by region')).toEqual({
      word: 'Figure',
      number: '3',
      separator: ':',
      length: 9,
    });
    expect(captionPrefix('Fig. 3 Ablation')).toMatchObject({ word: 'Fig.', number: '3', separator: ' ' });
    expect(captionPrefix('TABLE IV – Fees')).toMatchObject({ word: 'TABLE', number: 'IV', separator: '–' });
  });

  it('finds no separator in running text that starts with a label ("Figure 3 shows …")', () => {
    expect(captionPrefix('Figure 3 shows the trend')).toMatchObject({ number: '3', separator: null });
    expect(captionPrefix('Table 2 lists élan and ünits')?.separator).toBeNull();
    expect(captionPrefix('Figure 3')).toMatchObject({ separator: null, length: 8 });
    expect(captionPrefix('Figures rose in 2023')).toBeNull();
  });

  it('reads a lettered label after a space, in either case, but not a plural’s s', () => {
    expect(captionPrefix('table c: Median income')).toMatchObject({ number: 'c', separator: ':' });
    expect(captionPrefix('Exhibit B. Site plan')).toMatchObject({ number: 'B', separator: '.' });
    expect(captionPrefix('Figs. 3 and 4 show the trend')).toBeNull();
    expect(captionPrefix('Tables: see the appendix')).toBeNull();
    expect(captionPrefix('CHARTS: Revenue by region')).toBeNull();
  });

  it('names the same label either way', () => {
    expect(captionLabel('Fig. 3 Ablation')).toEqual({ type: 'figure', label: 'figure 3' });
    expect(captionLabel('Figure 3 shows the trend')).toEqual({ type: 'figure', label: 'figure 3' });
  });
});
