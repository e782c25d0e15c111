import type { PdfjsModule } from '../pdfjs-loader';
import { IDENTITY } from './matrix';
import { scanOperators } from './page-operators';

// A stand-in for pdf.js's operator codes: the scan only compares codes, so any distinct numbers do.
const OPS = {
  save: 1,
  restore: 2,
  setFillRGBColor: 3,
  setStrokeRGBColor: 4,
  constructPath: 5,
  fill: 6,
  stroke: 7,
  endPath: 8,
} as const;
const pdfjs = { OPS } as unknown as PdfjsModule;

/** A rectangle as pdf.js's path buffer draws it: moveTo, three lineTo, closePath. */
const rect = (x0: number, y0: number, x1: number, y1: number) =>
  new Float32Array([0, x0, y0, 1, x1, y0, 1, x1, y1, 1, x0, y1, 4]);

function scan(ops: Array<[number, unknown[] | null]>) {
  return scanOperators(
    pdfjs,
    { fnArray: ops.map(([fn]) => fn), argsArray: ops.map(([, args]) => args) },
    IDENTITY,
    600,
    800,
  );
}

describe('scanOperators', () => {
  it('keeps every rule, and as ink only those painted in a visible colour', () => {
    const { rules, inkRules } = scan([
      [OPS.constructPath, [OPS.fill, [rect(10, 100, 300, 101)]]], // black by default
      [OPS.save, null],
      [OPS.setFillRGBColor, ['#FFFFFF']],
      [OPS.constructPath, [OPS.fill, [rect(10, 200, 300, 201)]]], // a white gap between fills
      [OPS.setStrokeRGBColor, ['#336699']],
      [OPS.constructPath, [OPS.stroke, [rect(10, 300, 300, 301)]]], // stroked in blue: ink
      [OPS.restore, null],
      [OPS.constructPath, [OPS.fill, [rect(10, 400, 300, 401)]]], // black again after restore
    ]);
    expect(rules.map((r) => r[1])).toEqual([100, 200, 300, 400]);
    expect(inkRules.map((r) => r[1])).toEqual([100, 300, 400]);
  });

  it('paints nothing for a clipping path', () => {
    const { rules, inkRules } = scan([[OPS.constructPath, [OPS.endPath, [rect(10, 100, 300, 101)]]]]);
    expect(rules).toEqual([]);
    expect(inkRules).toEqual([]);
  });
});
