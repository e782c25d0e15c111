import type { LayoutElement } from '../../document/document-model';
import { outlineElements } from './testing/layout-fixtures';
import { sectionsFromHeadings } from './sections';

const { heading, body, section } = outlineElements();

/** Each section as "path [pageStart-pageEnd]". */
const outline = (elements: LayoutElement[], pageCount: number) =>
  sectionsFromHeadings(elements, pageCount).map((s) => `${s.path} [${s.pageStart}-${s.pageEnd}]`);

describe('sectionsFromHeadings', () => {
  it('nests by the headings own levels: two headings of one level are siblings, whatever levels they skip', () => {
    // Level 2 is never used (a cover-only font size took it): Notes 1 and 2 are still siblings under Part I.
    const elements = [
      heading(1, 'PART I', 1),
      ...section(1, 'Note 1 Revenue', 3),
      ...section(2, 'Note 2 Leases', 3),
      ...section(3, 'PART II', 1),
    ];
    expect(outline(elements, 3)).toEqual([
      'PART I [1-2]',
      'PART I > Note 1 Revenue [1-1]',
      'PART I > Note 2 Leases [2-2]',
      'PART II [3-3]',
    ]);
  });

  it('keeps a title on the front pages that no later heading reaches as a section of its own, not every section’s parent', () => {
    const elements = [
      ...section(1, 'Views of Government Handling of Terrorism', 1),
      ...section(2, 'Overview', 2),
      heading(5, 'Methodology', 2),
      body(6),
    ];
    const sections = sectionsFromHeadings(elements, 10);
    expect(sections.map((s) => `${s.path} [${s.pageStart}-${s.pageEnd}]`)).toEqual([
      'Views of Government Handling of Terrorism [1-1]',
      'Overview [2-2]',
      'Methodology [5-10]',
    ]);
    expect(sections.map((s) => s.parentKey)).toEqual([null, null, null]);
    expect(sections[0]!.elementKeys).toHaveLength(2); // the title and the cover text under it
  });

  it('nests under a top heading that a later heading closes, or that is past the front pages', () => {
    const closed = [
      heading(1, 'PART I', 1),
      heading(2, 'Item 1', 2),
      heading(3, 'Item 2', 2),
      heading(4, 'PART II', 1),
    ];
    expect(outline(closed, 10)).toEqual([
      'PART I [1-3]',
      'PART I > Item 1 [2-2]',
      'PART I > Item 2 [3-3]',
      'PART II [4-10]',
    ]);
    const late = [heading(6, 'Appendix', 1), heading(7, 'A', 2), heading(8, 'B', 2)];
    expect(outline(late, 10)).toEqual(['Appendix [6-10]', 'Appendix > A [7-7]', 'Appendix > B [8-10]']);
  });
});
