import { randomBytes } from 'node:crypto';
import { EngineError } from '../errors.ts';

/** The image types an upload may be, by the name its URL ends with. */
export const IMAGE_TYPES = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
} as const;
export type ImageExtension = keyof typeof IMAGE_TYPES;

/** The largest deposit proof image kept, bytes once decoded (the web compresses it well below). */
export const PROOF_IMAGE_MAX_BYTES = 512 * 1024;

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  prefix.every((byte, i) => bytes[at + i] === byte);

/** What an image's first bytes say it is; null when none of the kept types. */
function sniff(bytes: Uint8Array): ImageExtension | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  // RIFF, a 4-byte size, WEBP
  if (
    startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) &&
    startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)
  ) {
    return 'webp';
  }
  return null;
}

/**
 * A data URL's image, decoded: refused (on `field`) unless its bytes are a JPEG, PNG or WebP of
 * the type the URL declares, and at most `maxBytes` long.
 */
export function decodeImage(
  dataUrl: string,
  field: string,
  maxBytes: number,
): { extension: ImageExtension; contentType: string; bytes: Uint8Array } {
  const match = /^data:(image\/[a-z]+);base64,([A-Za-z0-9+/]+=*)$/.exec(dataUrl);
  const declared = match?.[1];
  const bytes = Buffer.from(match?.[2] ?? '', 'base64');
  const extension = sniff(bytes);
  if (declared === undefined || extension === null || IMAGE_TYPES[extension] !== declared) {
    throw new EngineError('invalid', 'image_type_invalid', { field });
  }
  if (bytes.length > maxBytes) {
    throw new EngineError('invalid', 'image_too_large', {
      field,
      max: String(Math.floor(maxBytes / 1024)),
    });
  }
  return { extension, contentType: declared, bytes: new Uint8Array(bytes) };
}

/** An id no one can guess or count through (an <img> cannot sign its request): 144 random bits. */
export const unguessableId = (): string => randomBytes(18).toString('base64url');
