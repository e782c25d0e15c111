import type { LayoutElement, SectionNode } from '../../document/document-model';
import { contentsLinks } from './contents-links';
import { layoutElement, sectionNode } from './testing/layout-fixtures';

const element = (key: string, pageNumber: number, text: string): LayoutElement =>
  layoutElement({ key, kind: 'table', pageNumber, order: 0, text, bbox: [72, 100, 540, 400] });
const section = (key: string, title: string, pageStart: number, pageEnd = pageStart): SectionNode =>
  sectionNode(key, title, pageStart, { order: Number(key.slice(1)), pageEnd });

describe('contentsLinks', () => {
  const sections = [
    section('s0', 'Table of Contents', 2),
    section('s1', 'Item 1. Financial Statements', 3, 9),
    section('s2', 'Item 2. Risk Factors', 10, 12),
    section('s3', 'Notes', 13),
  ];

  it('links each entry of a contents page to the later section it names, and nothing else', () => {
    const list = element(
      'p2-e1',
      2,
      'Item 1. Financial Statements .... 3\nItem 2.  Risk factors .... 10\nNotes 13',
    );
    const body = element('p4-e0', 4, 'As described in Item 2. Risk Factors, prices may fall.');
    expect(contentsLinks([list, body], sections)).toEqual([
      { fromKey: 'p2-e1', mention: 'Item 1. Financial Statements', target: { type: 'section', key: 's1' } },
      { fromKey: 'p2-e1', mention: 'Item 2. Risk Factors', target: { type: 'section', key: 's2' } },
    ]);
  });

  it('links nothing where the document has no contents section', () => {
    const list = element('p2-e1', 2, 'Item 1. Financial Statements .... 3');
    expect(contentsLinks([list], sections.slice(1))).toEqual([]);
  });
});
