// Pixel work for OCR on @napi-rs/canvas: decoding, resizing, cropping text lines, and building model tensors.
import { type Canvas, createCanvas, ImageData, loadImage } from '@napi-rs/canvas';
import type { Point, Quad } from './db-postprocess';

export interface RgbaImage {
  /** RGBA, row-major, 4 bytes per pixel, opaque. */
  data: Uint8ClampedArray | Uint8Array;
  width: number;
  height: number;
}

/** Decodes PNG/JPEG bytes onto a white canvas (transparent areas become white paper). */
export async function decodeImage(bytes: Uint8Array): Promise<Canvas> {
  const image = await loadImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, image.width, image.height);
  context.drawImage(image, 0, 0);
  return canvas;
}

export function canvasFromRgba(image: RgbaImage): Canvas {
  const expected = image.width * image.height * 4;
  if (image.data.length !== expected) {
    throw new RangeError(
      `RGBA buffer has ${image.data.length} bytes; ${image.width}×${image.height} needs ${expected}`,
    );
  }
  const canvas = createCanvas(image.width, image.height);
  const pixels = new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length);
  const context = canvas.getContext('2d');
  context.putImageData(new ImageData(pixels, image.width, image.height), 0, 0);
  // @napi-rs/canvas 0.1 copies a canvas painted only once whole on every drawImage from it, and each crop keeps
  // its copy until collected: a dense slide's ~340 line crops held 2.3 GB. A second, empty paint makes it share its
  // pixels with the crops instead (fixed upstream after 1.0.7, Brooooooklyn/canvas#1325).
  context.fillRect(0, 0, 0, 0);
  return canvas;
}

export function resizeCanvas(source: Canvas, width: number, height: number): Canvas {
  if (source.width === width && source.height === height) return source;
  const target = createCanvas(width, height);
  const context = target.getContext('2d');
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(source, 0, 0, width, height);
  return target;
}

export function readRgba(canvas: Canvas): Uint8ClampedArray {
  return canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
}

/**
 * Writes `(pixel / 255 − mean) / std` into a CHW float tensor slice. Channels go in BGR order because PaddleOCR
 * trains and infers on OpenCV (BGR) images; `mean`/`std` are given in that same channel order.
 */
export function writeNormalizedChw(
  rgba: ArrayLike<number>,
  width: number,
  height: number,
  target: Float32Array,
  targetOffset: number,
  targetWidth: number,
  mean: readonly [number, number, number],
  std: readonly [number, number, number],
): void {
  const plane = targetWidth * height;
  const rgbaIndexOfChannel = [2, 1, 0]; // B, G, R
  for (let channel = 0; channel < 3; channel++) {
    const source = rgbaIndexOfChannel[channel]!;
    const m = mean[channel]!;
    const s = std[channel]!;
    const base = targetOffset + channel * plane;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        target[base + y * targetWidth + x] = ((rgba[(y * width + x) * 4 + source] ?? 0) / 255 - m) / s;
      }
    }
  }
}

const distance = (a: Point, b: Point): number => Math.hypot(b[0] - a[0], b[1] - a[1]);

/**
 * Cuts the text line `quad` (corners in reading order: top-left, top-right, bottom-right, bottom-left) out of
 * `source`, straightened and scaled to `targetHeight` pixels. Returns the crop's RGBA pixels and width.
 */
export function cropTextLine(source: Canvas, quad: Quad, targetHeight: number, maxWidth: number): RgbaImage {
  const [topLeft, topRight, , bottomLeft] = quad;
  const lineWidth = Math.max(1, distance(topLeft, topRight));
  const lineHeight = Math.max(1, distance(topLeft, bottomLeft));
  const zoom = targetHeight / lineHeight;
  const width = Math.max(1, Math.min(maxWidth, Math.round(lineWidth * zoom)));
  const angle = Math.atan2(topRight[1] - topLeft[1], topRight[0] - topLeft[0]);

  const crop = createCanvas(width, targetHeight);
  const context = crop.getContext('2d');
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.scale(width / lineWidth, zoom);
  context.rotate(-angle);
  context.translate(-topLeft[0], -topLeft[1]);
  context.drawImage(source, 0, 0);
  return { data: context.getImageData(0, 0, width, targetHeight).data, width, height: targetHeight };
}

/** Keeps every corner inside the image, so a crop never reads transparent pixels past the edge. */
export function clampQuad(quad: Quad, width: number, height: number): Quad {
  const clamp = ([x, y]: Point): Point => [Math.min(Math.max(x, 0), width), Math.min(Math.max(y, 0), height)];
  return [clamp(quad[0]), clamp(quad[1]), clamp(quad[2]), clamp(quad[3])];
}

/** The same box read starting from another corner: 1 = text running bottom-to-top, 3 = top-to-bottom. */
export function rotateQuad(quad: Quad, quarterTurns: 0 | 1 | 3): Quad {
  const [a, b, c, d] = quad;
  switch (quarterTurns) {
    case 0:
      return quad;
    case 1:
      return [d, a, b, c];
    case 3:
      return [b, c, d, a];
  }
}
