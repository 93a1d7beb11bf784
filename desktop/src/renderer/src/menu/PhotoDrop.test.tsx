// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_PHOTO_BYTES, PHOTO_MESSAGES, photoSizes, photoUrl } from '@bakery/core';
import { renderScreen } from '../test/harness';
import { PhotoDrop, photoFileProblem } from './PhotoDrop';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const id = '0b6f2f1e-4c1a-4f7e-9a53-3c1f0e2d9a11';

describe('PhotoDrop', () => {
  it('refuses plainly wrong files before sending them', () => {
    expect(photoFileProblem({ name: 'menu.pdf', type: 'application/pdf', size: 10 })).toBe(
      PHOTO_MESSAGES.notAnImage,
    );
    expect(
      photoFileProblem({ name: 'big.jpg', type: 'image/jpeg', size: MAX_PHOTO_BYTES + 1 }),
    ).toBe(PHOTO_MESSAGES.tooLarge);
    expect(photoFileProblem({ name: 'IMG_1.HEIC', type: '', size: 1000 })).toBeNull();
  });

  it('posts a dropped photo as the form field file and shows its preview', async () => {
    const sent: FormData[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      sent.push(init.body as FormData);
      return new Response(
        JSON.stringify({ image: photoUrl(id), images: photoSizes(photoUrl(id)) }),
        {
          status: 201,
        },
      );
    });
    const uploaded = vi.fn();
    renderScreen(<PhotoDrop onUploaded={uploaded} alt="Heart cake" />);
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'heart.jpg', {
      type: 'image/jpeg',
    });
    fireEvent.drop(screen.getByTestId('photo-drop'), { dataTransfer: { files: [file] } });
    await waitFor(() => expect(uploaded).toHaveBeenCalledOnce());
    expect((sent[0]!.get('file') as File).name).toBe('heart.jpg');
    expect(screen.getByRole('img', { name: 'Heart cake' })).toHaveAttribute(
      'src',
      `/media/menu/${id}/640.jpg`,
    );
  });

  it("shows the server's refusal", async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(
          JSON.stringify({ code: 'photo_too_small', message: PHOTO_MESSAGES.tooSmall(300, 200) }),
          { status: 400 },
        ),
    );
    renderScreen(<PhotoDrop onUploaded={() => undefined} />);
    const file = new File([new Uint8Array([1, 2, 3])], 'tiny.png', { type: 'image/png' });
    fireEvent.drop(screen.getByTestId('photo-drop'), { dataTransfer: { files: [file] } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This photo is 300 × 200 pixels: use one at least 400 pixels on its shortest side.',
    );
  });
});
