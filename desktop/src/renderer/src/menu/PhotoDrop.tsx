// A menu photo's drop zone (issue 22 part 3): drag a JPEG, PNG, WebP or HEIC
// photo onto it (or choose one), and it is sent to POST /api/admin/menu/images
// (field `file`); the stored photo's URL and sizes come back to `onUploaded`
// and its preview shows. Files that are plainly wrong (another type, over
// 15 MB) are refused here with the server's own words, before any upload;
// the server checks everything again (not an image, under 400 px).
import { useId, useRef, useState, type DragEvent } from 'react';
import {
  MAX_PHOTO_BYTES,
  PHOTO_ACCEPT,
  PHOTO_MESSAGES,
  ROUTES,
  type MenuImage,
} from '@bakery/core';
import { apiUrl, client, messageOf } from '../api/client';
import { Button, Callout, Spinner } from '../ui/blueprint';

/** POST /api/admin/menu/images's answer, as the route map gives it. */
export type UploadedPhoto = MenuImage;

const ACCEPTED_TYPES = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'image/heif',
]);
const ACCEPTED_NAMES = /\.(jpe?g|png|webp|heic|heif)$/i;

/** A file plainly not acceptable (the server is the judge of the rest), or null. */
export function photoFileProblem(file: {
  name: string;
  type: string;
  size: number;
}): string | null {
  if (!ACCEPTED_TYPES.has(file.type) && !ACCEPTED_NAMES.test(file.name))
    return PHOTO_MESSAGES.notAnImage;
  if (file.size > MAX_PHOTO_BYTES) return PHOTO_MESSAGES.tooLarge;
  return null;
}

/** Sends one photo as multipart form data; the server's answer or its refusal (ApiError). */
export async function uploadPhoto(file: Blob, name: string): Promise<UploadedPhoto> {
  const form = new FormData();
  form.append('file', file, name);
  return client.call(ROUTES.uploadMenuImage, { body: form });
}

export function PhotoDrop({
  image,
  alt,
  onUploaded,
  label = 'Photo',
}: {
  /** The current photo's URL (shown as the preview), if any. */
  image?: string | null;
  alt?: string;
  onUploaded(photo: UploadedPhoto): void;
  label?: string;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(image ?? null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [over, setOver] = useState(false);

  async function take(file: File | undefined) {
    if (!file) return;
    const problem = photoFileProblem(file);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const photo = await uploadPhoto(file, file.name);
      const small = photo.images.find((s) => s.type === 'image/jpeg' && s.width === 640);
      setPreview(small ? apiUrl(small.url) : apiUrl(photo.image));
      onUploaded(photo);
    } catch (err) {
      setError(messageOf(err, 'The photo could not be uploaded. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    void take(event.dataTransfer.files[0]);
  };

  return (
    <div className="photo-drop-field">
      <label htmlFor={id} className="bp6-label">
        {label}
      </label>
      <div
        className={`photo-drop${over ? ' photo-drop-over' : ''}`}
        data-testid="photo-drop"
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        {preview ? (
          <img
            className="photo-drop-preview"
            src={preview}
            alt={alt || 'Photo preview'}
            width={240}
            height={180}
          />
        ) : (
          <p className="bp6-text-muted">Drop a photo here</p>
        )}
        {busy ? (
          <Spinner size={20} aria-label="Uploading" />
        ) : (
          <Button
            icon="upload"
            text={preview ? 'Replace photo' : 'Choose photo'}
            onClick={() => input.current?.click()}
          />
        )}
        <input
          ref={input}
          id={id}
          type="file"
          accept={PHOTO_ACCEPT}
          hidden
          onChange={(e) => {
            void take(e.currentTarget.files?.[0]);
            e.currentTarget.value = '';
          }}
        />
        <p className="bp6-text-muted photo-drop-hint">
          JPEG, PNG, WebP or HEIC, up to 15 MB, at least 400 pixels on its shortest side.
        </p>
      </div>
      {error && (
        <Callout intent="danger" role="alert" compact>
          {error}
        </Callout>
      )}
    </div>
  );
}
