import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CATEGORIES, photoUrl } from '@bakery/core';
import { ProductImage } from './ProductImage';

const cakes = CATEGORIES.find((c) => c.id === 'cakes')!;
const photo = photoUrl('0b6f2f1e-4c1a-4f7e-9a53-3c1f0e2d9a11');

describe('ProductImage (issue 22 part 3)', () => {
  it('shows an uploaded photo as <picture> with AVIF, WebP and JPEG sizes, 4:3, lazy', () => {
    const { container } = render(
      <ProductImage image={photo} alt="A heart-shaped cake with pink icing" fallback={cakes} />,
    );
    const img = screen.getByRole('img', { name: 'A heart-shaped cake with pink icing' });
    expect(img.closest('picture')).not.toBeNull();
    const sources = [...container.querySelectorAll('source')];
    expect(sources.map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    const id = '0b6f2f1e-4c1a-4f7e-9a53-3c1f0e2d9a11';
    expect(sources[0]!.getAttribute('srcset')).toBe(
      `/media/menu/${id}/320.avif 320w, /media/menu/${id}/640.avif 640w, /media/menu/${id}/960.avif 960w, /media/menu/${id}/1280.avif 1280w`,
    );
    expect(img.getAttribute('srcset')).toContain(`/media/menu/${id}/1280.jpg 1280w`);
    expect(img.getAttribute('src')).toBe(`/media/menu/${id}/640.jpg`);
    expect(img.getAttribute('sizes')).toBeTruthy();
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['320', '240']);
    expect(img.getAttribute('loading')).toBe('lazy');
  });

  it('loads the first picture of the page at once', () => {
    render(<ProductImage image={photo} alt="Cake" fallback={cakes} first width={480} />);
    const img = screen.getByRole('img', { name: 'Cake' });
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
    // index.html's inline script fetches the app once this picture is painted.
    expect(img.getAttribute('elementtiming')).toBe('hero');
    expect(img.getAttribute('height')).toBe('360');
  });

  it("falls back to the category's drawing when the item has no photo", () => {
    const { container } = render(<ProductImage image={null} alt="" fallback={cakes} />);
    const img = screen.getByRole('img', { name: cakes.imageAlt });
    expect(img.getAttribute('src')).toBe(cakes.image);
    expect(container.querySelector('picture')).toBeNull();
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['320', '240']);
  });
});
