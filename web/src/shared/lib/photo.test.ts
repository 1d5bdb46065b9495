import { describe, expect, it } from 'vitest';
import { photoPlan, type PhotoTarget } from './photo.ts';

const PROOF: PhotoTarget = {
  maxSide: 1600,
  maxBytes: 400 * 1024,
  quality: 0.82,
  sendSmallAsIs: true,
};
const AVATAR: PhotoTarget = { ...PROOF, maxSide: 256, maxBytes: 150_000, sendSmallAsIs: false };

describe('how a picked photo is prepared', () => {
  it('sends a PNG or WebP already within the size as it is, up to the byte limit itself', () => {
    expect(photoPlan({ type: 'image/png', size: 70 }, PROOF)).toEqual({ kind: 'as-is' });
    expect(photoPlan({ type: 'image/webp', size: 400 * 1024 }, PROOF)).toEqual({ kind: 'as-is' });
  });

  it('encodes a PNG one byte over the limit, with all the passes it needs to get under it', () => {
    expect(photoPlan({ type: 'image/png', size: 400 * 1024 + 1 }, PROOF)).toEqual({
      kind: 'encode',
      maxIteration: 10,
    });
  });

  it('encodes a small JPEG again, dropping its EXIF, with one more pass at most', () => {
    expect(photoPlan({ type: 'image/jpeg', size: 30_000 }, PROOF)).toEqual({
      kind: 'encode',
      maxIteration: 1,
    });
  });

  it('encodes a type the server does not take, however small', () => {
    expect(photoPlan({ type: 'image/gif', size: 500 }, PROOF)).toEqual({
      kind: 'encode',
      maxIteration: 1,
    });
    expect(photoPlan({ type: '', size: 500 }, PROOF)).toEqual({ kind: 'encode', maxIteration: 1 });
  });

  it('resizes every avatar, even a small PNG', () => {
    expect(photoPlan({ type: 'image/png', size: 70 }, AVATAR)).toEqual({
      kind: 'encode',
      maxIteration: 1,
    });
    expect(photoPlan({ type: 'image/jpeg', size: 150_001 }, AVATAR)).toEqual({
      kind: 'encode',
      maxIteration: 10,
    });
  });
});
