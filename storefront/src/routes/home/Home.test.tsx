import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { CATEGORIES, formatLongDate, SEED_CATALOGUE, setCatalogue } from '@bakery/core';
import { startTestApi, type TestApi } from '../../test/apiServer';
import { renderScreen } from '../../test/render';
import { Home } from './Home';

let api: TestApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
  setCatalogue(SEED_CATALOGUE);
});

const review = {
  id: 'r1',
  rating: '4',
  title: 'Best birthday cake',
  comment: 'Nobody guessed it was gluten-free.',
  createdAt: '2026-03-05T15:00:00.000Z',
};

describe('home page', () => {
  it("shows an owner's photo in the carousel at the card's size, not the largest (issue 22)", async () => {
    const photo = '/media/menu/0b5c3f1e-7a2d-4c1b-9e8f-1a2b3c4d5e6f/960.jpg';
    setCatalogue({
      ...SEED_CATALOGUE,
      items: SEED_CATALOGUE.items.map((item) =>
        item.id === 'classic-sandwich-loaf'
          ? { ...item, image: photo, imageAlt: 'A sliced loaf on a board' }
          : item,
      ),
    });
    api = await startTestApi({ 'GET /api/reviews': { body: [] } });
    renderScreen(<Home />);
    await screen.findByRole('heading', { name: 'Something for Everyone' });
    const img = screen.getByAltText('A sliced loaf on a board');
    expect(img).toHaveAttribute('sizes', '240px');
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img.getAttribute('src')).toMatch(/\/320\.jpg$/);
    const avif = img.parentElement!.querySelector('source[type="image/avif"]')!;
    expect(avif.getAttribute('srcset')).toContain('/320.avif 320w');
    expect(avif).toHaveAttribute('sizes', '240px');
  });

  it('has the two calls to action', async () => {
    api = await startTestApi({ 'GET /api/reviews': { body: [] } });
    renderScreen(<Home />);
    expect(screen.getByRole('link', { name: 'View Our Menu' })).toHaveAttribute('href', '/menu');
    expect(screen.getByRole('link', { name: 'Order Now' })).toHaveAttribute('href', '/order');
  });

  it('runs the carousel over one card per category, the list doubled for a seamless loop', async () => {
    api = await startTestApi({ 'GET /api/reviews': { body: [] } });
    const { container } = renderScreen(<Home />);
    // The carousel loads on demand.
    await screen.findByRole('heading', { name: 'Something for Everyone' });
    expect(container.querySelectorAll('.carousel-card')).toHaveLength(CATEGORIES.length * 2);
    for (const c of CATEGORIES) {
      // The copy is hidden from assistive technology, so each link is announced once.
      const link = screen.getByRole('link', { name: `Shop ${c.label}` });
      expect(link).toHaveAttribute('href', `/order#${c.id}`);
      expect(screen.getAllByText(`Explore our delicious ${c.label} collection`)).toHaveLength(2);
    }
  });

  it('shows a spinner while reviews load, then the reviews with long US dates', async () => {
    api = await startTestApi({ 'GET /api/reviews': { body: [review], delayMs: 300 } });
    renderScreen(<Home />);
    expect(await screen.findByText('Loading reviews...')).toBeInTheDocument();
    const heading = await screen.findByRole('heading', { name: 'What Our Customers Say' });
    const section = within(heading.closest('section')!);
    expect(await section.findByText('Best birthday cake')).toBeInTheDocument();
    expect(section.getByText('Nobody guessed it was gluten-free.')).toBeInTheDocument();
    expect(section.getByRole('img', { name: '4 out of 5 stars' })).toBeInTheDocument();
    expect(section.getByText(formatLongDate(review.createdAt))).toBeInTheDocument();
    expect(formatLongDate(review.createdAt)).toBe('March 5, 2026');
  });

  it('says Failed to load reviews when the list cannot be read', async () => {
    api = await startTestApi({ 'GET /api/reviews': { status: 500, body: { message: 'down' } } });
    renderScreen(<Home />);
    expect(await screen.findByText('Failed to load reviews')).toBeInTheDocument();
  });

  it('leaves the reviews section out when there are none', async () => {
    api = await startTestApi({ 'GET /api/reviews': { body: [] } });
    renderScreen(<Home />);
    expect(screen.getByText('Loading reviews...')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Loading reviews...')).toBeNull());
    expect(api.calls.some((c) => c.path === '/api/reviews')).toBe(true);
    expect(screen.queryByRole('heading', { name: 'What Our Customers Say' })).toBeNull();
  });
});
