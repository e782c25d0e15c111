import { splitRunTogetherWords } from './ocr-words';
import { ocrItem, parsedPage, parsedPdf, textItemAt } from './testing/layout-fixtures';

const scan = (number: number, ...texts: string[]) =>
  parsedPage(
    number,
    texts.map((t, i) => ocrItem(t, [40, 40 + 30 * i, 400, 64 + 30 * i])),
    { hasTextLayer: false, width: 960, height: 540 },
  );
const textsOf = (pdf: ReturnType<typeof parsedPdf>) => pdf.pages.map((p) => p.items.map((i) => i.text));

describe('splitRunTogetherWords', () => {
  it('splits an OCR word made of words the document prints apart, keeping its case', () => {
    const pdf = parsedPdf([
      scan(1, 'GERMANWINGS 9525: THE FIRST 6 HOURS'),
      scan(2, 'GERMANWINGSACTIVITY', 'Tweets in the first hour'),
      scan(3, 'Airbus Activity'),
      scan(4, 'LufthansaAirbusActivity by the numbers'),
    ]);
    expect(textsOf(splitRunTogetherWords(pdf))).toEqual([
      ['GERMANWINGS 9525: THE FIRST 6 HOURS'],
      ['GERMANWINGS ACTIVITY', 'Tweets in the first hour'],
      ['Airbus Activity'],
      ['LufthansaAirbusActivity by the numbers'], // "Lufthansa" is printed nowhere on its own
    ]);
  });

  it('leaves long words alone when their parts are not printed on their own, or are too short to trust', () => {
    const pdf = parsedPdf([
      scan(1, 'Communications department', 'INFORMATIONSYSTEMS'),
      scan(2, 'in formation', 'the systems'),
    ]);
    // "communications" has no printed parts; "informationsystems" would need "information", printed nowhere.
    expect(textsOf(splitRunTogetherWords(pdf))).toEqual(textsOf(pdf));
  });

  it('never touches the text layer, whatever the document prints', () => {
    const type = { fontName: 'Helvetica', fontSize: 10 };
    const pdf = parsedPdf([
      parsedPage(1, [textItemAt('Counterparties', [72, 72, 160, 82], type)]),
      parsedPage(2, [textItemAt('counter parties', [72, 72, 160, 82], type)]),
    ]);
    expect(splitRunTogetherWords(pdf).pages[0]!.items[0]!.text).toBe('Counterparties');
  });
});
