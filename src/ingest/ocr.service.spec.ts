import { Logger } from '@nestjs/common';
import type { ParsedPage } from '../document/document-model';
import { OcrError, OcrErrorCode } from './ocr/ocr.errors';
import { ocrPdfPageRegions } from './ocr/ocr-page';
import { OcrService } from './ocr.service';

jest.mock('./ocr/ocr-page', () => ({
  ocrPdfPageLayout: jest.fn(),
  ocrPdfPageRegions: jest.fn(),
  closeSharedPaddleOcr: jest.fn(),
}));
jest.mock('./pdfjs-loader', () => ({ openPdfDocument: jest.fn(async () => ({ destroy: jest.fn() })) }));

const readRegions = ocrPdfPageRegions as jest.MockedFunction<typeof ocrPdfPageRegions>;

function pageWithPicture(): ParsedPage {
  return {
    number: 1,
    width: 612,
    height: 792,
    items: [],
    images: [{ bbox: [72, 300, 472, 560] }],
    rules: [],
    graphics: [],
    hasTextLayer: true,
  };
}

describe('OcrService.readFigureText', () => {
  afterEach(() => jest.clearAllMocks());

  it("adds the picture's lines to the page's items", async () => {
    const line = { text: 'Revenue by year', bbox: [100, 320, 200, 332] } as ParsedPage['items'][number];
    readRegions.mockResolvedValueOnce([line]);
    const page = pageWithPicture();
    await new OcrService().readFigureText(new Uint8Array(), [page], undefined);
    expect(readRegions).toHaveBeenCalledWith(expect.anything(), 1, 612, 792, [[72, 300, 472, 560]]);
    expect(page.items).toEqual([line]);
  });

  it('ingests on without the words when the OCR models cannot load, and says why', async () => {
    readRegions.mockRejectedValueOnce(new OcrError('models missing', OcrErrorCode.OCR_MODEL_NOT_FOUND));
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const page = pageWithPicture();
    await expect(
      new OcrService().readFigureText(new Uint8Array(), [page], undefined),
    ).resolves.toBeUndefined();
    expect(page.items).toEqual([]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('OCR_MODEL_NOT_FOUND'));
    warn.mockRestore();
  });

  it.each([new TypeError('bug'), new OcrError('bug: engine closed', OcrErrorCode.OCR_CLOSED)])(
    'lets any other failure through (%s)',
    async (error) => {
      readRegions.mockRejectedValueOnce(error);
      await expect(
        new OcrService().readFigureText(new Uint8Array(), [pageWithPicture()], undefined),
      ).rejects.toThrow('bug');
    },
  );
});
