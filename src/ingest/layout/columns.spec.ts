import type { BBox } from '../../document/document-model';
import { sortRows } from './columns';

const unit = (name: string, bbox: BBox) => ({ name, bbox });

describe('sortRows', () => {
  it('reads a row left to right', () => {
    const units = [unit('right', [300, 100, 400, 112]), unit('left', [40, 101, 200, 113])];
    expect(sortRows(units).map((u) => u.name)).toEqual(['left', 'right']);
  });

  it('reads units stacked beside a tall figure top to bottom, though their left edges wobble', () => {
    const units = [
      unit('figure', [130, 116, 587, 471]),
      unit('first', [588, 250, 660, 264]),
      unit('second', [587, 347, 638, 365]),
      unit('third', [588, 401, 670, 418]),
    ];
    expect(sortRows(units).map((u) => u.name)).toEqual(['figure', 'first', 'second', 'third']);
  });
});
