/**
 * Reads the QR codes in an image, in the browser. Loaded by the bind-USDT model only when the
 * user picks an image (a dynamic import), so neither this code nor the decoder weighs on the
 * page's first load.
 */

/**
 * The longest side, in pixels, an image is drawn at before decoding. A phone photo is some
 * 4000 × 3000 (12 MP); at 1280 a QR code a quarter of the photo wide still has 7 pixels or more
 * per module (an address's code is 29–41 modules wide), and decoding stays well under a second.
 */
export const DECODE_MAX_SIDE = 1280;

/** The size an image of `width` × `height` is drawn at: its longest side at most `maxSide`. */
export function decodeSize(
  width: number,
  height: number,
  maxSide = DECODE_MAX_SIDE,
): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height, 1));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** The part of the Barcode Detection API used here (not in TypeScript's DOM types yet). */
interface BarcodeDetectorInstance {
  detect(image: ImageBitmapSource): Promise<readonly { rawValue: string }[]>;
}
interface BarcodeDetectorConstructor {
  new (options: { formats: string[] }): BarcodeDetectorInstance;
  getSupportedFormats(): Promise<string[]>;
}

function isDetectorConstructor(value: unknown): value is BarcodeDetectorConstructor {
  return typeof value === 'function' && 'getSupportedFormats' in value;
}

/**
 * The texts of the QR codes the browser's own BarcodeDetector finds (Android's Chrome, Safari),
 * or null where it is missing (Chromium on desktop Linux, Firefox) or fails.
 */
async function detectNatively(image: ImageBitmapSource): Promise<string[] | null> {
  const Detector: unknown = Reflect.get(globalThis, 'BarcodeDetector');
  if (!isDetectorConstructor(Detector)) return null;
  try {
    if (!(await Detector.getSupportedFormats()).includes('qr_code')) return null;
    const codes = await new Detector({ formats: ['qr_code'] }).detect(image);
    return codes.map((code) => code.rawValue);
  } catch {
    return null;
  }
}

/** A 2D canvas of `width` × `height`, off screen where the browser has OffscreenCanvas. */
function canvasOf(width: number, height: number): OffscreenCanvas | HTMLCanvasElement {
  if (typeof OffscreenCanvas === 'function') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

/**
 * The texts of the QR codes in `image` (empty when it has none). Rejects when the file is not
 * an image the browser can open. The image is drawn at most DECODE_MAX_SIDE pixels wide or high;
 * the browser's BarcodeDetector is tried first, then jsQR (pure JavaScript: no eval, no
 * WebAssembly, so the app's CSP needs nothing more), loaded here on first use.
 */
export async function readQrTexts(image: Blob): Promise<string[]> {
  const bitmap = await createImageBitmap(image);
  try {
    const { width, height } = decodeSize(bitmap.width, bitmap.height);
    const canvas = canvasOf(width, height);
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (context === null) throw new Error('no 2D canvas');
    // White under a transparent PNG: a dark code on transparent pixels reads as dark on black.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);

    const native = await detectNatively(canvas);
    if (native !== null && native.length > 0) return native;

    const { default: jsQR } = await import('jsqr');
    const pixels = context.getImageData(0, 0, width, height);
    const code = jsQR(pixels.data, width, height);
    return code === null ? [] : [code.data];
  } finally {
    bitmap.close();
  }
}
