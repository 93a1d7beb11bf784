// An item's picture (issue 22 part 3): an uploaded photo as <picture> with
// AVIF, WebP and JPEG sources at every size the server made (core's
// photoSizes), or the category's drawing when the item has none. Width and
// height are always set (photos are 4:3, core's PHOTO_ASPECT), so nothing
// moves when it loads; only the first picture of a page loads eagerly.
import { PHOTO_FORMATS, photoHeight, photoSizes, PHOTO_WIDTHS } from '@bakery/core';

export interface ProductImageProps {
  /** The item's photo URL (or a drawing's URL); null: the category's drawing. */
  image: string | null | undefined;
  /** The item's alt text (used with its photo). */
  alt: string | null | undefined;
  /** The category's drawing and its alt text: the fallback. */
  fallback: { image: string; imageAlt: string };
  /** The `sizes` attribute: how wide the picture shows (default: a card in the menu grid). */
  sizes?: string;
  /** The first picture of the page (the likely LCP): loaded at once, at high priority. */
  first?: boolean;
  /** The width the box is laid out at, for the width/height attributes (4:3). */
  width?: number;
  className?: string;
}

declare module 'react' {
  // Merges with React's own declaration, whose type parameter is T.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ImgHTMLAttributes<T> {
    /** Element Timing: the browser reports when this picture is painted. */
    elementtiming?: string;
  }
}

/**
 * What the first picture of a page carries: loaded at once at high priority,
 * decoded in the frame that paints it (a later frame can wait behind the
 * hydration task), and marked for index.html's inline script, which fetches
 * the app once it is painted (issue 22, LCP).
 */
export const FIRST_PICTURE = {
  loading: 'eager',
  fetchPriority: 'high',
  decoding: 'sync',
  elementtiming: 'hero',
} as const;

export const CARD_SIZES = '(max-width: 600px) 100vw, (max-width: 1000px) 50vw, 320px';

export function ProductImage({
  image,
  alt,
  fallback,
  sizes = CARD_SIZES,
  first = false,
  width = 320,
  className,
}: ProductImageProps) {
  // What the <img> of a drawing and of a photo share, after its source: the
  // laid-out box, and how eagerly it loads.
  const box = {
    width,
    height: photoHeight(width),
    ...(first ? FIRST_PICTURE : ({ loading: 'lazy', decoding: 'async' } as const)),
  };
  const sources = photoSizes(image);
  if (!image || sources.length === 0) {
    // A drawing: the item's own drawing URL, else the category's.
    const src = image || fallback.image;
    const text = image && image !== fallback.image ? alt || fallback.imageAlt : fallback.imageAlt;
    return <img className={className} src={src} alt={text} {...box} />;
  }
  const srcSet = (type: string) =>
    sources
      .filter((s) => s.type === type)
      .map((s) => `${s.url} ${s.width}w`)
      .join(', ');
  const jpeg = PHOTO_FORMATS.find((f) => f.ext === 'jpg')!;
  return (
    <picture>
      {PHOTO_FORMATS.filter((f) => f !== jpeg).map((f) => (
        <source key={f.ext} type={f.type} srcSet={srcSet(f.type)} sizes={sizes} />
      ))}
      <img
        className={className}
        src={sources.find((s) => s.type === jpeg.type && s.width === PHOTO_WIDTHS[1])?.url ?? image}
        srcSet={srcSet(jpeg.type)}
        sizes={sizes}
        alt={alt || fallback.imageAlt}
        {...box}
      />
    </picture>
  );
}
