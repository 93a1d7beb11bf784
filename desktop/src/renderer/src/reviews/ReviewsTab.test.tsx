// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubFetch, toastText } from '../test/harness';
import { ReviewsTab } from './ReviewsTab';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const long =
  'Crusty outside, soft inside, and nobody at the table could tell it was gluten-free. We will be back every week for more!';
const reviews = [
  {
    id: 'r1',
    rating: '4',
    title: 'Lovely muffins',
    comment: 'Moist and full of berries, thank you!',
    isApproved: false,
    createdAt: '2026-11-20T15:00:00.000Z',
    userName: 'Ada Lovelace',
  },
  {
    id: 'r2',
    rating: '5',
    title: 'Best bread',
    comment: long,
    isApproved: true,
    createdAt: '2026-11-18T15:00:00.000Z',
    userName: 'Alan Turing',
  },
  {
    id: 'r3',
    rating: '3',
    title: 'Good brownies',
    comment: 'A little dry this time but still good.',
    isApproved: true,
    createdAt: '2026-11-17T15:00:00.000Z',
    userName: 'Grace Hopper',
  },
];

describe('Review Management', () => {
  it('lists pending reviews with Approve and Delete, approved ones as Live cut at 100 characters, and the statistics', async () => {
    stubFetch({ 'GET /api/admin/reviews': () => [200, reviews] });
    renderScreen(<ReviewsTab />);
    const pending = await screen.findByRole('region', { name: 'Pending reviews' });
    const muffins = within(pending).getByRole('article', { name: 'Review Lovely muffins' });
    expect(within(muffins).getByRole('button', { name: 'Approve' })).toBeEnabled();
    expect(within(muffins).getByRole('button', { name: 'Delete' })).toBeEnabled();
    expect(within(muffins).getByRole('img', { name: '4 stars' })).toHaveTextContent('★★★★☆');

    const approved = screen.getByRole('region', { name: 'Approved reviews' });
    const bread = within(approved).getByRole('article', { name: 'Review Best bread' });
    expect(bread).toHaveTextContent('Live');
    expect(bread).toHaveTextContent(`${long.slice(0, 100)}…`);
    expect(bread).not.toHaveTextContent(long);
    expect(within(approved).getAllByRole('button', { name: 'Remove' })).toHaveLength(2);

    const figure = (label: string) => screen.getByTestId(`review-stat-${label}`).textContent;
    expect(figure('Total Reviews')).toContain('3');
    expect(figure('Approved')).toContain('2');
    expect(figure('Pending')).toContain('1');
    expect(figure('Average Rating')).toContain('4.0');
  });

  it('approves through the API and moves the review to Live', async () => {
    let approvedNow = false;
    const calls = stubFetch({
      'GET /api/admin/reviews': () => [
        200,
        reviews.map((r) => (r.id === 'r1' ? { ...r, isApproved: approvedNow } : r)),
      ],
      'PATCH /api/admin/reviews/r1/approve': () => {
        approvedNow = true;
        return [200, { success: true }];
      },
    });
    renderScreen(<ReviewsTab />);
    const pending = await screen.findByRole('region', { name: 'Pending reviews' });
    fireEvent.click(within(pending).getByRole('button', { name: 'Approve' }));
    const approved = screen.getByRole('region', { name: 'Approved reviews' });
    expect(
      await within(approved).findByRole('article', { name: 'Review Lovely muffins' }),
    ).toHaveTextContent('Live');
    expect(
      calls.some((c) => c.method === 'PATCH' && c.path === '/api/admin/reviews/r1/approve'),
    ).toBe(true);
    expect(within(pending).getByText('No reviews waiting')).toBeInTheDocument();
  });

  it('says Failed to approve review or Failed to delete review when the server refuses', async () => {
    stubFetch({
      'GET /api/admin/reviews': () => [200, reviews],
      'PATCH /api/admin/reviews/r1/approve': () => [500, ''],
      'DELETE /api/admin/reviews/r2': () => [404, { message: 'Review not found' }],
    });
    renderScreen(<ReviewsTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(toastText()).toContain('Failed to approve review'));
    const bread = screen.getByRole('article', { name: 'Review Best bread' });
    fireEvent.click(within(bread).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(toastText()).toContain('Failed to delete review: Review not found'));
  });

  it('shows the empty states', async () => {
    stubFetch({ 'GET /api/admin/reviews': () => [200, []] });
    renderScreen(<ReviewsTab />);
    expect(await screen.findByText('No reviews waiting')).toBeInTheDocument();
    expect(screen.getByText('No approved reviews')).toBeInTheDocument();
  });
});
