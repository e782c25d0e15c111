import { cellQuote } from './evidence-tables';
import type { GridRow, GridValue } from './table-grid';
import { parseAmount } from './table-numbers';

const row = (label: string): GridRow => ({
  row: 3,
  label,
  parent: null,
  labelBox: null,
  values: [],
  unit: 'USD',
  scale: 'millions',
});
const value = (text: string): GridValue => ({ text, amount: parseAmount(text)!, bbox: null });

describe('cellQuote', () => {
  const page = {
    text: 'Period ended June 30, 2024 June 30, 2023\nHarbour fees 1,210.5 1,104.0',
    description:
      '| | June 30, 2024 | June 30, 2023 |\n| --- | --- | --- |\n| Harbour fees | 1,210.5 | 1,104.0 |',
  };

  it('quotes the row, the column header and the value its element prints', () => {
    expect(cellQuote(row('Harbour fees'), 'June 30, 2024', value('1,210.5'), page)).toBe(
      'Harbour fees | June 30, 2024: 1,210.5',
    );
  });

  it('leaves out a header its element does not print (the statement part before a page break printed it)', () => {
    const continued = { text: 'Pilotage 98.2 91.7', description: '| Pilotage | 98.2 | 91.7 |' };
    expect(cellQuote(row('Pilotage'), 'June 30, 2024', value('98.2'), continued)).toBe('Pilotage: 98.2');
    expect(cellQuote(row('Pilotage'), '', value('98.2'), continued)).toBe('Pilotage: 98.2');
  });
});
