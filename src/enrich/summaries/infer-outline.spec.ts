import { inferOutline, type OutlineElement } from './infer-outline';

const topic = (t: number, noise = 0): number[] => {
  const v = new Array<number>(8).fill(0.05);
  v[t] = 1;
  v[(t + 1) % 8] = noise;
  return v;
};
let n = 0;
const el = (
  page: number,
  kind: string,
  text: string,
  vector: number[] | null,
  headingLevel: number | null = null,
) => ({ id: `e${n++}`, pageNumber: page, kind, text, headingLevel, vector }) satisfies OutlineElement;

describe('inferred outline (DMAP, progressive)', () => {
  it('nests headings by level, continues sections across pages, and starts one on a topic shift', () => {
    const elements = [
      el(1, 'page-header', 'Running header', topic(7)),
      el(1, 'heading', 'Solar power', topic(0), 1),
      el(1, 'paragraph', 'Panels convert light. More text.', topic(0)),
      el(1, 'heading', 'Panel types', topic(0, 0.3), 2),
      el(1, 'paragraph', 'Mono and poly panels.', topic(0, 0.3)),
      el(2, 'paragraph', 'More on panels, same topic.', topic(0, 0.2)), // continues "Panel types"
      el(3, 'paragraph', 'Medieval bread was baked in communal ovens. Then more.', topic(3)), // topic shift
      el(3, 'paragraph', 'Rye was common.', topic(3)),
      el(4, 'paragraph', 'Ovens were shared by villages.', topic(3, 0.1)),
      el(4, 'heading', 'Wind power', topic(5), 1),
      el(4, 'paragraph', 'Turbines.', topic(5)),
    ];
    const outline = inferOutline(elements);
    expect(
      outline.map((s) => [s.title, s.level, s.parentOrder, s.pageStart, s.pageEnd, s.startedBy]),
    ).toEqual([
      ['Solar power', 1, null, 1, 2, 'heading'],
      ['Panel types', 2, 0, 1, 2, 'heading'],
      ['Medieval bread was baked in communal ovens', 1, null, 3, 4, 'topic-shift'],
      ['Wind power', 1, null, 4, 4, 'heading'],
    ]);
    expect(outline[1]!.path).toBe('Solar power > Panel types');
    expect(outline[1]!.elementIds).toEqual(['e3', 'e4', 'e5']); // its heading, then its text on pages 1–2
    expect(outline.flatMap((s) => s.elementIds)).not.toContain('e0'); // furniture belongs to no section
    expect(outline[2]!.elementIds).toHaveLength(3);
  });

  it('opens a first section for text before any heading, and is deterministic', () => {
    const elements = [
      el(1, 'paragraph', 'Preface text here.', topic(1)),
      el(2, 'heading', 'Intro', topic(1), 1),
    ];
    const a = inferOutline(elements);
    expect(a.map((s) => [s.title, s.startedBy])).toEqual([
      ['Preface text here', 'start'],
      ['Intro', 'heading'],
    ]);
    expect(inferOutline(elements)).toEqual(a);
    expect(inferOutline([])).toEqual([]);
  });
});
