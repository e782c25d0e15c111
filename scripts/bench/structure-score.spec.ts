import {
  matchSections,
  normaliseTitle,
  rates,
  scoreDocument,
  sectionDepths,
  structureTable,
  sumCounts,
  titleRight,
  tokenF1,
  type StructureLabel,
} from './structure-score';

const label: StructureLabel = {
  file: 'handbook.pdf',
  sha256: 'ab'.repeat(32),
  kind: 'manual',
  hasBookmarks: false,
  title: 'Garden Pump Handbook',
  titleAlternatives: ['Pump Handbook'],
  depth: 2,
  sections: [
    { level: 1, title: 'Contents', page: 2 },
    { level: 1, title: '1 Getting started', page: 3 },
    { level: 2, title: '1.1 Unpacking the pump', page: 3 },
    { level: 2, title: '1.2 Priming', page: 5 },
    { level: 1, title: '2 Care and cleaning', page: 7 },
  ],
};

describe('normaliseTitle', () => {
  it('ignores case, punctuation, and runs of whitespace', () => {
    expect(normaliseTitle('  Weak-to-Strong   Generalization: ELICITING!  ')).toBe(
      'weak to strong generalization eliciting',
    );
    expect(normaliseTitle('Americans’ views — 2020')).toBe('americans views 2020');
  });
  it('folds compatibility forms (full-width brackets, ligatures)', () => {
    expect(normaliseTitle('Online Help（01,en）')).toBe('online help 01 en');
    expect(normaliseTitle('ﬁnal')).toBe('final');
  });
});

describe('titleRight', () => {
  it('accepts the label title or an alternative, whatever the case and punctuation', () => {
    expect(titleRight(label, 'GARDEN PUMP HANDBOOK')).toBe(true);
    expect(titleRight(label, 'Pump handbook.')).toBe(true);
  });
  it('refuses a title that only contains the label, an empty title, and no title', () => {
    expect(titleRight(label, 'Garden Pump Handbook 2nd edition')).toBe(false);
    expect(titleRight(label, '  ')).toBe(false);
    expect(titleRight(label, null)).toBe(false);
    expect(titleRight(label, 'handbook.pdf')).toBe(false);
  });
});

describe('tokenF1', () => {
  it('is 1 for the same tokens and 0 for none in common or an empty side', () => {
    expect(tokenF1('Care and Cleaning', 'care & cleaning, and more')).toBeCloseTo(
      (2 * (3 / 4) * 1) / (3 / 4 + 1),
    );
    expect(tokenF1('Priming', 'PRIMING')).toBe(1);
    expect(tokenF1('Priming', 'Storage')).toBe(0);
    expect(tokenF1('', 'Storage')).toBe(0);
  });
  it('counts a repeated token only as often as both sides have it', () => {
    // "the the pump" vs "the pump": 2 common of 3 and 2 tokens.
    expect(tokenF1('the the pump', 'the pump')).toBeCloseTo(0.8);
  });
});

describe('matchSections', () => {
  it('needs the same page and token F1 >= 0.5, and uses each stored section once', () => {
    const result = matchSections(
      [
        { level: 1, title: '1 Getting started', page: 3 },
        { level: 2, title: 'Getting started again', page: 3 },
        { level: 1, title: '2 Care and cleaning', page: 7 },
      ],
      [
        { depth: 1, title: 'Getting Started', page: 3 },
        { depth: 1, title: 'Care and cleaning', page: 8 },
      ],
    );
    expect(result.matched).toBe(1);
    expect(result.missed.map((m) => m.title)).toEqual(['Getting started again', '2 Care and cleaning']);
    expect(result.spurious).toEqual([{ depth: 1, title: 'Care and cleaning', page: 8 }]);
  });
  it('refuses a same-page title below the token F1 threshold', () => {
    // "1.2 Priming" vs "Priming the pump before use": 1 common token of 3 and 5, F1 = 0.25.
    const result = matchSections(
      [{ level: 2, title: '1.2 Priming', page: 5 }],
      [{ depth: 2, title: 'Priming the pump before use', page: 5 }],
    );
    expect(result.matched).toBe(0);
  });
  it('gives a label the best of several same-page candidates', () => {
    const result = matchSections(
      [{ level: 2, title: 'Unpacking the pump', page: 3 }],
      [
        { depth: 2, title: 'Unpacking', page: 3 },
        { depth: 2, title: 'Unpacking the pump', page: 3 },
      ],
    );
    expect(result.spurious).toEqual([{ depth: 2, title: 'Unpacking', page: 3 }]);
  });
});

describe('scoreDocument', () => {
  it('scores only stored sections within the label depth, and the title', () => {
    const score = scoreDocument(label, 'handbook.pdf', [
      { depth: 1, title: 'Table of contents', page: 2 },
      { depth: 1, title: 'Getting started', page: 3 },
      { depth: 2, title: 'Unpacking the pump', page: 3 },
      { depth: 3, title: 'What is in the box', page: 4 },
      { depth: 2, title: 'Figure 3: the priming screw', page: 5 },
      { depth: 1, title: '2 Care and cleaning', page: 7 },
    ]);
    expect(score.titleRight).toBe(false);
    expect(score.labelled).toBe(5);
    expect(score.predicted).toBe(5);
    // Contents (token F1 0.5), Getting started, Unpacking, Care and cleaning; Priming missed.
    expect(score.matched).toBe(4);
    expect(score.missed.map((m) => m.title)).toEqual(['1.2 Priming']);
    expect(score.spurious.map((s) => s.title)).toEqual(['Figure 3: the priming screw']);
  });
  it('ignores labelled and stored level-2 sections when the label covers one level', () => {
    const score = scoreDocument({ ...label, depth: 1 }, 'Pump Handbook', [
      { depth: 1, title: 'Getting started', page: 3 },
      { depth: 2, title: 'Priming', page: 5 },
    ]);
    expect(score).toMatchObject({ titleRight: true, labelled: 3, predicted: 1, matched: 1 });
  });
});

describe('rates and the table', () => {
  it('pools section counts over documents (micro average) and is 0 rather than NaN when empty', () => {
    const c = sumCounts([
      { documents: 1, titlesRight: 1, predicted: 10, labelled: 4, matched: 4 },
      { documents: 1, titlesRight: 0, predicted: 0, labelled: 6, matched: 0 },
    ]);
    expect(rates(c)).toEqual({
      titleAccuracy: 0.5,
      precision: 0.4,
      recall: 0.4,
      f1: expect.closeTo(0.4) as number,
    });
    expect(rates(sumCounts([]))).toEqual({ titleAccuracy: 0, precision: 0, recall: 0, f1: 0 });
  });
  it('prints a row per kind present, per bookmarks or none, and an overall row', () => {
    const a = scoreDocument(label, 'Pump Handbook', [{ depth: 1, title: 'Contents', page: 2 }]);
    const b = scoreDocument({ ...label, kind: 'paper', hasBookmarks: true }, null, []);
    const table = structureTable([a, b]).split('\n');
    expect(table).toHaveLength(7);
    expect(table[2]).toBe('| paper | 1 | 0/1 (0.0 %) | 5 | 0 | 0 | 0.000 | 0.000 | 0.000 |');
    expect(table[3]).toBe('| manual | 1 | 1/1 (100.0 %) | 5 | 1 | 1 | 1.000 | 0.200 | 0.333 |');
    expect(table[4]).toBe('| with bookmarks | 1 | 0/1 (0.0 %) | 5 | 0 | 0 | 0.000 | 0.000 | 0.000 |');
    expect(table[5]).toBe('| without bookmarks | 1 | 1/1 (100.0 %) | 5 | 1 | 1 | 1.000 | 0.200 | 0.333 |');
    expect(table[6]).toMatch(
      /^\| \*\*all\*\* \| 2 \| 1\/2 \(50\.0 %\) \| 10 \| 1 \| 1 \| 1\.000 \| 0\.100 \| 0\.182 \|$/,
    );
  });
});

describe('sectionDepths', () => {
  it('counts parent links up to a top-level section, and survives a cycle or an unknown parent', () => {
    expect(
      sectionDepths([
        { id: 'a', parentId: null },
        { id: 'b', parentId: 'a' },
        { id: 'c', parentId: 'b' },
        { id: 'd', parentId: 'elsewhere' },
        { id: 'e', parentId: 'f' },
        { id: 'f', parentId: 'e' },
      ]),
    ).toEqual([1, 2, 3, 1, 2, 2]);
  });
});
