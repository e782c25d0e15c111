import type { TextItem } from '../../document/document-model';
import { textItemAt } from './testing/layout-fixtures';
import { buildSegments, stripDotLeaders } from './lines';

function item(text: string, x0: number, x1: number, y = 100): TextItem {
  return textItemAt(text, [x0, y, x1, y + 10], { fontName: 'Times', fontSize: 10 });
}

describe('stripDotLeaders', () => {
  it.each([
    ['Net income ........................ $ 629,551', 'Net income $ 629,551'],
    ['Item 7. Management’s Discussion . . . . . . . . 35', 'Item 7. Management’s Discussion 35'],
    ['Total assets····················· 11,726,472', 'Total assets 11,726,472'],
    ['Contents……… 4', 'Contents 4'],
  ])('removes the leader in %j', (input, expected) => {
    expect(stripDotLeaders(input)).toBe(expected);
  });

  it.each(['He paused... and went on.', 'U.S.A. revenue', 'v1.2.3', 'Fig. 3. The plot'])(
    'keeps ellipses, abbreviations and version numbers: %j',
    (text) => {
      expect(stripDotLeaders(text)).toBe(text);
    },
  );
});

describe('buildSegments', () => {
  it('drops a text item that is only a dot leader, keeping the label and the value apart', () => {
    const segments = buildSegments([
      item('Net cash provided by operating activities', 0, 180),
      item('...........................', 200, 400),
      item('1,469,502', 420, 470),
    ]);
    expect(segments.map((s) => s.text)).toEqual(['Net cash provided by operating activities', '1,469,502']);
  });

  it('strips a leader inside one text item and keeps the item', () => {
    const segments = buildSegments([item('Deferred revenue.............. 320,801', 0, 300)]);
    expect(segments.map((s) => s.text)).toEqual(['Deferred revenue 320,801']);
  });
});
