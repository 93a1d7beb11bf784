// An uploaded item photo and the sizes the server makes of it (issue 22).
// The upload keeps one folder per photo under /media/menu/<photoId>/ with
// one file per width and format; the menu answer and the storefront's
// srcset are derived from the photo's URL by this one rule.

export const PHOTO_WIDTHS = [320, 640, 960, 1280] as const;
export const PHOTO_FORMATS = [
  { ext: 'avif', type: 'image/avif' },
  { ext: 'webp', type: 'image/webp' },
  { ext: 'jpg', type: 'image/jpeg' },
] as const;

/** The URL stored on an item: its largest JPEG (the fallback `src`). */
export const photoUrl = (photoId: string): string =>
  `/media/menu/${photoId}/${PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]}.jpg`;

const PHOTO_URL = /^\/media\/menu\/([a-z0-9-]{8,64})\/\d+\.jpg$/;

/** The photo id inside an uploaded photo's URL, or null for anything else (a drawing). */
export function photoIdOf(url: string | null | undefined): string | null {
  const match = url ? PHOTO_URL.exec(url) : null;
  return match ? match[1]! : null;
}

export interface PhotoSize {
  url: string;
  width: number;
  type: string;
}

/** Every size of an uploaded photo, for `srcset`; empty for a category drawing. */
export function photoSizes(url: string | null | undefined): PhotoSize[] {
  const id = photoIdOf(url);
  if (!id) return [];
  return PHOTO_FORMATS.flatMap((format) =>
    PHOTO_WIDTHS.map((width) => ({
      url: `/media/menu/${id}/${width}.${format.ext}`,
      width,
      type: format.type,
    })),
  );
}
