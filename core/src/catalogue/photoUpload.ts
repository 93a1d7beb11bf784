// What an uploaded menu photo must be (issue 22 part 3): the server refuses
// the rest with these messages and stores nothing; the desktop's PhotoDrop
// checks the same before it sends. Every size is cropped to PHOTO_ASPECT, so
// a card knows a photo's height from its width (no layout shift).

/** The largest file accepted: 15 MB. */
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024;
/**
 * The most pixels an upload may have (issue 39): 40 megapixels, above any
 * phone's camera. Read from the file's header before anything is decoded.
 */
export const MAX_PHOTO_PIXELS = 40_000_000;
/** The shortest side, in pixels, of a photo sharp enough for the largest card. */
export const MIN_PHOTO_SIDE = 400;
/** Width to height of every size made (4:3, the cards' frame). */
export const PHOTO_ASPECT = { width: 4, height: 3 } as const;
/** The file types accepted, as the upload's `accept` attribute lists them. */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif';

/** A size's height for its width (4:3). */
export const photoHeight = (width: number): number =>
  Math.round((width * PHOTO_ASPECT.height) / PHOTO_ASPECT.width);

export const PHOTO_MESSAGES = {
  missing: 'Choose a photo to upload (the form field is named file).',
  notAnImage: 'This file is not a photo we can use: upload a JPEG, PNG, WebP or HEIC image.',
  tooLarge: 'This photo is larger than 15 MB: upload a smaller file.',
  tooManyPixels: (width: number, height: number) =>
    `This photo is ${width} × ${height} pixels (${Math.round((width * height) / 1_000_000)} megapixels): upload one of at most ${MAX_PHOTO_PIXELS / 1_000_000} megapixels.`,
  tooSmall: (width: number, height: number) =>
    `This photo is ${width} × ${height} pixels: use one at least ${MIN_PHOTO_SIDE} pixels on its shortest side.`,
} as const;
