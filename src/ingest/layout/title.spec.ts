import type { BBox, ElementKind, LayoutElement } from '../../document/document-model';
import { elementSequence, textItemAt } from './testing/layout-fixtures';
import { chooseTitle, dehyphenate, looksLikeTitle, readTitle } from './title';

let element = elementSequence();
const el = (kind: ElementKind, text: string, bbox: BBox, pageNumber = 1): LayoutElement =>
  element(kind, pageNumber, text, bbox);
/** A first-page line: its element and the text item that gives its type size. */
const line = (text: string, bbox: BBox, fontSize: number, kind: LayoutElement['kind'] = 'heading') => {
  const headingLevel = kind === 'heading' ? 1 : null;
  const item = textItemAt(text, bbox, { fontName: 'F', fontSize });
  return { element: element(kind, 1, text, bbox, { headingLevel }), item };
};
const page = (...lines: Array<ReturnType<typeof line>>) => ({
  firstPageElements: lines.map((l) => l.element),
  firstPageItems: lines.map((l) => l.item),
  bodyFontSize: 10,
});

describe('readTitle', () => {
  it('joins the cover lines set nearly as large into one title and keeps the smaller subtitle out of it', () => {
    const name = line('WATCH X', [300, 170, 500, 215], 46);
    const kind = line('USER GUIDE', [300, 236, 500, 272], 35);
    const subtitle = line('For models sold from 2024 on', [300, 290, 500, 304], 14);
    const body = line('Read this guide before first use.', [72, 400, 500, 410], 10, 'paragraph');
    const choice = readTitle({ metadataTitle: 'UG', ...page(name, kind, subtitle, body) });
    expect(choice.title).toBe('WATCH X USER GUIDE');
    expect([...choice.coverKeys]).toEqual([name.element.key, kind.element.key, subtitle.element.key]);
  });

  it('lets a numbered first heading title the document and still open its section', () => {
    const chapter = line('1 Harbour Logistics', [72, 80, 400, 110], 24);
    const body = line('Ships berth at the north quay.', [72, 130, 500, 140], 10, 'paragraph');
    const choice = readTitle({ metadataTitle: null, ...page(chapter, body) });
    expect(choice.title).toBe('1 Harbour Logistics');
    expect(choice.coverKeys.size).toBe(0);
  });

  it('prefers the cover to metadata that does not hold its words, and metadata that does to a shorter cover', () => {
    const service = line('Block Storage Service', [65, 120, 240, 139], 16);
    const product = line('Product Introduction', [65, 160, 290, 186], 22);
    expect(readTitle({ metadataTitle: 'Product Introduction', ...page(service, product) }).title).toBe(
      'Block Storage Service Product Introduction',
    );
    const short = line('MacBook Pro', [100, 100, 400, 140], 36);
    expect(readTitle({ metadataTitle: 'MacBook Pro User’s Guide', ...page(short) }).title).toBe(
      'MacBook Pro User’s Guide',
    );
    const internal = line('Annual Statement of Accounts', [100, 100, 400, 140], 36);
    expect(readTitle({ metadataTitle: 'ACME AR FY15 - FINAL', ...page(internal) }).title).toBe(
      'Annual Statement of Accounts',
    );
  });

  it("reads a scanned cover's title beside its picture, not the picture's lettering", () => {
    const ocr = (l: ReturnType<typeof line>) => {
      l.item.source = 'ocr';
      l.element.source = 'ocr';
      return l;
    };
    const art = ocr(line('GESTALT', [315, 91, 648, 193], 102, 'paragraph'));
    const title = ocr(line('Data Presentation', [49, 216, 382, 335], 48, 'paragraph'));
    const sources = { metadataTitle: null, ...page(art, title) };
    expect(readTitle({ ...sources, firstPagePictures: [[240, 0, 720, 319]] }).title).toBe(
      'Data Presentation',
    );
    // With nothing outside the picture, the picture's words still title the document.
    expect(
      readTitle({ metadataTitle: null, ...page(art), firstPagePictures: [[240, 0, 720, 319]] }).title,
    ).toBe('GESTALT');
    // An OCR box far too narrow for its text is a photo's lettering read as one line.
    const photo = ocr(line('Dermanwy 009000008 Lunthanga Group', [8, 44, 301, 210], 166, 'heading'));
    const deck = ocr(line('DIGITAL CRISIS ANALYSIS', [408, 158, 734, 180], 21.6, 'paragraph'));
    expect(readTitle({ metadataTitle: null, ...page(photo, deck) }).title).toBe('DIGITAL CRISIS ANALYSIS');
  });

  it('prefers the cover to metadata that holds its words but was made by a file-naming scheme', () => {
    const cover = line('Harbour View Care Home', [34, 146, 540, 200], 44);
    const named = 'Harbour View Care Home NewApproachFullReport (Care Location Apr 2015)_INS1-972072899';
    expect(readTitle({ metadataTitle: named, ...page(cover) }).title).toBe('Harbour View Care Home');
    expect(readTitle({ metadataTitle: 'Harbour View Care Home OnlineHelp', ...page(cover) }).title).toBe(
      'Harbour View Care Home OnlineHelp',
    );
  });

  it('never takes a rotated margin stamp or an arXiv id for the title, and drops a trailing issue code', () => {
    const stamp = line('arXiv:2401.00001v1 [cs.CL] 2 Jan 2024', [10, 200, 30, 560], 20, 'paragraph');
    const title = line('Learning to Read Long Tables', [100, 80, 500, 100], 17);
    expect(readTitle({ metadataTitle: null, ...page(stamp, title) }).title).toBe(
      'Learning to Read Long Tables',
    );
    const coded = line('ACME Band 3 Online Help （02,en）', [50, 140, 430, 190], 22);
    expect(readTitle({ metadataTitle: null, ...page(coded) }).title).toBe('ACME Band 3 Online Help');
  });

  it('reads a filing cover without an "exact name of registrant" line from its largest non-Commission line', () => {
    const choice = readTitle({
      metadataTitle: 'Form 10-Q for Contoso Corp filed 10/24/2022',
      ...page(
        line('UNITED STATES', [200, 40, 400, 56], 14),
        line('SECURITIES AND EXCHANGE COMMISSION', [150, 58, 450, 74], 14),
        line('FORM 10-Q', [250, 90, 350, 108], 16),
        line('For the Quarterly Period Ended September 30, 2022', [150, 130, 450, 140], 10, 'paragraph'),
        line('CONTOSO CORPORATION', [200, 200, 400, 220], 18),
        line('WASHINGTON', [100, 230, 200, 240], 10, 'paragraph'),
      ),
    });
    expect(choice.title).toBe('CONTOSO CORPORATION Form 10-Q, quarterly period ended September 30, 2022');
  });

  it('still reads the cover when there is no body size to compare with (a first page taken for a scan)', () => {
    const cover = line('Undergraduate Prospectus', [71, 699, 283, 781], 33);
    expect(readTitle({ metadataTitle: null, ...page(cover), bodyFontSize: Number.NaN }).title).toBe(
      'Undergraduate Prospectus',
    );
  });

  it('falls back to the file name when neither the cover nor the metadata gives a title', () => {
    const small = line('page one', [72, 100, 300, 110], 10, 'paragraph');
    expect(readTitle({ metadataTitle: null, ...page(small), fileName: 'q3-notes.pdf' }).title).toBe(
      'q3-notes',
    );
  });
});

describe('dehyphenate', () => {
  it('mends a word broken at a line end and keeps a compound’s hyphen', () => {
    expect(dehyphenate('EVOKING REASONING VIA AB- STRACTION')).toBe('EVOKING REASONING VIA ABSTRACTION');
    expect(dehyphenate('Automatic cor- rection of models')).toBe('Automatic correction of models');
    expect(dehyphenate('Learning with Weak-to- Strong Supervision')).toBe(
      'Learning with Weak-to-Strong Supervision',
    );
    expect(dehyphenate('TREE- ORGANIZED RETRIEVAL')).toBe('TREE-ORGANIZED RETRIEVAL');
  });
});

describe('title', () => {
  it('accepts metadata that reads like a title and rejects ids, file codes and tool placeholders', () => {
    expect(looksLikeTitle('U.S. Views of China')).toBe(true);
    expect(looksLikeTitle('0001065280-16-000006')).toBe(false);
    expect(looksLikeTitle('PIP_Seniors_and_Tech_040314')).toBe(false);
    expect(looksLikeTitle('Microsoft Word - report_v5.docx')).toBe(false);
    expect(looksLikeTitle('untitled')).toBe(false);
    expect(looksLikeTitle('3f2a9c0d1b4e5f60718293a4b5c6d7e8')).toBe(false);
  });

  it('falls back to a filing cover, then the largest first-page heading, then the file name', () => {
    element = elementSequence();
    const cover = [
      el('paragraph', 'UNITED STATES SECURITIES AND EXCHANGE COMMISSION', [72, 40, 540, 52]),
      el('heading', 'FORM 10-K', [250, 60, 360, 76]),
      el('paragraph', 'For the fiscal year ended December 31, 2015', [72, 90, 540, 100]),
      el('heading', 'NETFLIX, INC.', [250, 120, 360, 136]),
      el('paragraph', '(Exact name of registrant as specified in its charter)', [200, 140, 420, 150]),
    ];
    expect(
      chooseTitle({
        metadataTitle: '0001065280-16-000006',
        firstPageItems: [],
        firstPageElements: cover,
        bodyFontSize: 10,
      }),
    ).toBe('NETFLIX, INC. Form 10-K, fiscal year ended December 31, 2015');

    const heading = el('heading', 'Political Independents: Who They Are', [72, 100, 540, 130]);
    const body = el(
      'paragraph',
      'About Pew Research Center and this report in general terms',
      [72, 150, 540, 170],
    );
    const items = [
      {
        text: 'Political Independents: Who They Are',
        bbox: [72, 100, 540, 130] as BBox,
        fontName: 'H',
        fontSize: 24,
        bold: true,
        italic: false,
        source: 'text-layer' as const,
        confidence: 1,
      },
      {
        text: 'About Pew Research Center',
        bbox: [72, 150, 540, 170] as BBox,
        fontName: 'H',
        fontSize: 10,
        bold: false,
        italic: false,
        source: 'text-layer' as const,
        confidence: 1,
      },
    ];
    expect(
      chooseTitle({
        metadataTitle: null,
        firstPageItems: items,
        firstPageElements: [body, heading],
        bodyFontSize: 10,
      }),
    ).toBe('Political Independents: Who They Are');
    expect(
      chooseTitle({
        metadataTitle: null,
        firstPageItems: [],
        firstPageElements: [],
        bodyFontSize: 10,
        fileName: 'deck-2015.pdf',
      }),
    ).toBe('deck-2015');
    expect(
      chooseTitle({ metadataTitle: '', firstPageItems: [], firstPageElements: [], bodyFontSize: 10 }),
    ).toBe('Untitled document');
  });
});
