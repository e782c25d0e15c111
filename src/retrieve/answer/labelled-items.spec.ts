import { sameNoun } from '../text-match';
import { labelledItems, labelledItemsSource } from './labelled-items';
import { elementsInOrder, evidenceFrom, evidencePage } from './testing/evidence-builders';

const el = elementsInOrder('d');

describe('sameNoun', () => {
  it.each([
    ['quiz', 'quizzes'],
    ['Study', 'studies'],
    ['lab', 'labs'],
    ['box', 'boxes'],
    ['step', 'Step'],
  ])('"%s" and "%s" are one noun', (a, b) => expect(sameNoun(a, b)).toBe(true));
  it.each([
    ['quiz', 'quota'],
    ['case', 'cases study'],
    ['lab', 'label'],
  ])('"%s" and "%s" are not', (a, b) => expect(sameNoun(a, b)).toBe(false));
});

describe('labelledItemsSource', () => {
  const plan = [
    evidencePage(8, [
      el(8, 'heading', 'Drill #1: Knots and hitches'),
      el(8, 'paragraph', 'Practise each knot twice. Drill #2- Reading a tide table'),
      el(8, 'list', '• Drill #3-Night navigation\n• Field Report - Rigging a dinghy'),
    ]),
    evidencePage(9, [
      // the same drill again in the term summary counts once
      el(9, 'list', '• Drill #3-Night navigation\n• Field Report – Weather on the water'),
      el(9, 'paragraph', 'Drills are marked by the instructor.'),
    ]),
  ];

  it('counts the numbered items once each, across the evidence pages, and cites them', () => {
    const answer = labelledItemsSource(evidenceFrom('How many drills are there in the term?', 'COUNT', plan));
    expect(answer?.answer).toMatchObject({ kind: 'COUNT', value: '3', unit: 'drills' });
    expect(answer?.answer.items).toEqual([
      'Drill #1: Knots and hitches',
      'Drill #2- Reading a tide table',
      'Drill #3-Night navigation',
    ]);
    expect(answer?.citations.map((c) => c.pageNumber)).toEqual([8, 8, 8]);
    for (const c of answer?.citations ?? [])
      expect(plan[0]!.elements.find((e) => e.elementId === c.elementId)?.text).toContain(c.quote);
  });

  it('counts unnumbered items by their titles, a title cut where its line broke meeting the whole one', () => {
    const pages = [
      evidencePage(2, [el(2, 'list', '• Field Report - Rigging a dinghy\n• Field Report: Weather on')]),
      evidencePage(5, [el(5, 'paragraph', 'Field Report: Weather on the water, due in week 6.')]),
    ];
    const answer = labelledItemsSource(evidenceFrom('How many field reports are assigned?', 'COUNT', pages));
    expect(answer?.answer.value).toBe('2');
  });

  it('reads nothing when the noun only appears in prose, or labels one item', () => {
    const prose = [
      evidencePage(1, [el(1, 'paragraph', 'Drills are marked weekly. Drill sessions run on Fridays.')]),
    ];
    expect(labelledItemsSource(evidenceFrom('How many drills are there?', 'COUNT', prose))).toBeNull();
    const one = [evidencePage(1, [el(1, 'heading', 'Drill #1: Knots')])];
    expect(labelledItemsSource(evidenceFrom('How many drills are there?', 'COUNT', one))).toBeNull();
  });

  it('leaves the document parts ("Figure 2", "Table 3") to the document graph, and other kinds alone', () => {
    const captions = [
      evidencePage(1, [el(1, 'caption', 'Figure 1: Hull'), el(1, 'caption', 'Figure 2: Mast')]),
    ];
    expect(
      labelledItemsSource(evidenceFrom('How many figures show the boat?', 'COUNT', captions)),
    ).toBeNull();
    expect(labelledItemsSource(evidenceFrom('Which drills are there?', 'LIST', plan))).toBeNull();
  });

  it('needs every word of the counted phrase at the item opening', () => {
    expect(labelledItems(plan, ['night', 'drills'])).toEqual([]);
    expect(labelledItems(plan, ['field', 'reports']).map((i) => i.key)).toEqual([
      'rigging a dinghy',
      'weather on the',
    ]);
  });
});
