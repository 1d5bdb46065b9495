/**
 * A photo the user picked, made into a data URL the server takes (JPEG, PNG or WebP within its
 * length limit). One place for the proof of a bank deposit, the identity documents and the
 * avatar.
 */

/** What a screen wants of a photo. */
export interface PhotoTarget {
  /** The longest side, in pixels. */
  readonly maxSide: number;
  /** The size the encoded photo should stay under, in bytes. */
  readonly maxBytes: number;
  /** The JPEG quality of the first encoding, 0–1. */
  readonly quality: number;
  /**
   * Whether a PNG or WebP already within `maxBytes` goes as it is (a screenshot of a bank slip
   * keeps its sharp text); false where every photo must be resized (the avatar).
   */
  readonly sendSmallAsIs: boolean;
}

/** How a picked file is prepared. */
export type PhotoPlan =
  { readonly kind: 'as-is' } | { readonly kind: 'encode'; readonly maxIteration: number };

const AS_IS_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/webp']);

/** browser-image-compression's own bound on its passes when left unset. */
const LIBRARY_PASSES = 10;

/**
 * A PNG or WebP already small enough is sent untouched. A JPEG is always encoded again, which
 * drops its EXIF (a phone's photo carries where it was taken). When the file is already within
 * the size, one more pass at most: the library otherwise encodes again until the result is
 * smaller than the source, shrinking the picture 5 % a pass, up to ten times, and Chromium runs
 * each encoding in the main thread's idle time, waiting up to a second for it on a busy page. A
 * 1 KB screenshot then took over ten seconds to "prepare".
 */
export function photoPlan(file: Pick<File, 'type' | 'size'>, target: PhotoTarget): PhotoPlan {
  const small = file.size <= target.maxBytes;
  if (small && target.sendSmallAsIs && AS_IS_TYPES.has(file.type)) return { kind: 'as-is' };
  return { kind: 'encode', maxIteration: small ? 1 : LIBRARY_PASSES };
}

/**
 * The photo as a data URL, resized and encoded as a JPEG (white behind transparency) unless
 * {@link photoPlan} sends it as it is. The library (17 KB) loads with the first photo, not with
 * the page: most visits pick none. It runs on the main thread: its worker would load the
 * library from a CDN, which the content security policy refuses.
 */
export async function preparePhoto(file: File, target: PhotoTarget): Promise<string> {
  const { default: imageCompression } = await import('browser-image-compression');
  const plan = photoPlan(file, target);
  if (plan.kind === 'as-is') return imageCompression.getDataUrlFromFile(file);
  const encoded = await imageCompression(file, {
    maxWidthOrHeight: target.maxSide,
    maxSizeMB: target.maxBytes / (1024 * 1024),
    maxIteration: plan.maxIteration,
    fileType: 'image/jpeg',
    initialQuality: target.quality,
    useWebWorker: false,
  });
  return imageCompression.getDataUrlFromFile(encoded);
}
