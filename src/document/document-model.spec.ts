import { ELEMENT_KIND_LABELS, ELEMENT_KINDS, elementKindLabel } from './document-model';

describe('elementKindLabel', () => {
  it('is the kind in PascalCase, one distinct label per kind', () => {
    expect(elementKindLabel('table')).toBe('Table');
    expect(elementKindLabel('page-header')).toBe('PageHeader');
    expect(new Set(ELEMENT_KIND_LABELS).size).toBe(ELEMENT_KINDS.length);
    for (const label of ELEMENT_KIND_LABELS) expect(label).toMatch(/^[A-Z][A-Za-z]+$/);
  });
});
