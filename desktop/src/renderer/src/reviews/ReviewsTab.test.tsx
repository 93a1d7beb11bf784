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

/** The review list, and one call after which the list answers as `change` makes it. */
function stubChange(call: string, change: (list: typeof reviews) => typeof reviews) {
  let list = reviews;
  return stubFetch({
    'GET /api/admin/reviews': () => [200, list],
    [call]: () => {
      list = change(list);
      return [200, { success: true }];
    },
  });
}

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
    const calls = stubChange('PATCH /api/admin/reviews/r1/approve', (list) =>
      list.map((r) => (r.id === 'r1' ? { ...r, isApproved: true } : r)),
    );
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
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByText('Delete review'));
    await waitFor(() => expect(toastText()).toContain('Failed to delete review: Review not found'));
  });

  it('asks before deleting: Escape and Keep it send nothing, and focus returns to the button', async () => {
    const calls = stubFetch({ 'GET /api/admin/reviews': () => [200, reviews] });
    renderScreen(<ReviewsTab />);
    const muffins = await screen.findByRole('article', { name: 'Review Lovely muffins' });
    const remove = within(muffins).getByRole('button', { name: 'Delete' });
    remove.focus();
    fireEvent.click(remove);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Delete this review?');
    expect(dialog).toHaveTextContent(
      '“Lovely muffins” by Ada Lovelace is deleted for good. This cannot be undone.',
    );
    // A keyboard user is inside the dialog (jsdom runs no focus transition: put them there).
    within(dialog).getByText('Keep it').closest('button')!.focus();
    expect(document.activeElement).not.toBe(remove);
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(remove));

    const bread = screen.getByRole('article', { name: 'Review Best bread' });
    fireEvent.click(within(bread).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('and leaves the shop at once');
    fireEvent.click(within(screen.getByRole('alertdialog')).getByText('Keep it'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    expect(screen.getByRole('article', { name: 'Review Best bread' })).toBeInTheDocument();
  });

  it('deletes once confirmed: the review leaves the list and a toast says so', async () => {
    const calls = stubChange('DELETE /api/admin/reviews/r1', (list) =>
      list.filter((r) => r.id !== 'r1'),
    );
    renderScreen(<ReviewsTab />);
    const muffins = await screen.findByRole('article', { name: 'Review Lovely muffins' });
    fireEvent.click(within(muffins).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByText('Delete review'));
    await waitFor(() =>
      expect(toastText()).toContain('Review deleted: "Lovely muffins" was deleted'),
    );
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Review Lovely muffins' })).toBeNull(),
    );
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      '/api/admin/reviews/r1',
    ]);
  });

  it('shows the empty states', async () => {
    stubFetch({ 'GET /api/admin/reviews': () => [200, []] });
    renderScreen(<ReviewsTab />);
    expect(await screen.findByText('No reviews waiting')).toBeInTheDocument();
    expect(screen.getByText('No approved reviews')).toBeInTheDocument();
  });
});
