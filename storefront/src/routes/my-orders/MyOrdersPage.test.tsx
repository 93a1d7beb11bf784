import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startTestApi, type TestApi } from '../../test/apiServer';
import { renderScreen } from '../../test/render';
import { anOrder, anOrderLine, aUser } from '@bakery/test-support/fixtures';
import MyOrdersPage from './MyOrdersPage';

let api: TestApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

const user = aUser();
const order = anOrder({
  id: 'a1b2c3d4-0000-4000-8000-123456abcdef',
  orderNumber: '56ABCDEF',
  items: [anOrderLine({ productId: 'p' })],
  tax: 3.5,
  total: 43.5,
  amountDue: 43.5,
  specialInstructions: 'Ring twice',
});

describe('my orders', () => {
  it('sends visitors to sign in', async () => {
    api = await startTestApi({ 'GET /api/user': { status: 401, body: { message: 'No' } } });
    renderScreen(<MyOrdersPage />, { at: '/my-orders' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
  });

  it('with no orders: No orders yet and a way to place the first one, and no review form', async () => {
    api = await startTestApi({
      'GET /api/user': { body: user },
      'GET /api/my-orders': { body: [] },
    });
    renderScreen(<MyOrdersPage />, { at: '/my-orders' });
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
    expect(screen.getByText(/Ada/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Place Your First Order' })).toHaveAttribute(
      'href',
      '/order',
    );
    expect(screen.queryByRole('heading', { name: 'Leave a Review' })).toBeNull();
  });

  it('lists the orders with their figures and one payment notice, then the review form', async () => {
    api = await startTestApi({
      'GET /api/user': { body: user },
      'GET /api/my-orders': { body: [order] },
    });
    renderScreen(<MyOrdersPage />, { at: '/my-orders' });
    expect(await screen.findByText('Order #56ABCDEF')).toBeInTheDocument();
    expect(screen.getByText(/December 2, 2026 at 10:00 AM/)).toBeInTheDocument();
    expect(screen.getByText('2 × Banana Bread')).toBeInTheDocument();
    // The total, and the same amount still due on a pending order.
    expect(screen.getAllByText('$43.50')).toHaveLength(2);
    expect(screen.getByText('$3.50')).toBeInTheDocument();
    expect(screen.getByText('Ring twice')).toBeInTheDocument();
    expect(screen.getByText('Payment Pending')).toBeInTheDocument();
    expect(screen.getByText('Payment Processing')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Leave a Review' })).toBeInTheDocument();
  });
});

describe('older orders', () => {
  const numbered = (n: number) => ({
    ...order,
    id: `a1b2c3d4-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`,
    orderNumber: `000000${String(n).padStart(2, '0')}`,
  });

  it('shows older orders a page at a time while the server names a next page', async () => {
    // Three pages: the first two name the next one in X-Next-Cursor, the last does not.
    let page = 0;
    api = await startTestApi({
      'GET /api/user': { body: user },
      'GET /api/my-orders': () => {
        page += 1;
        if (page === 1) return { body: [numbered(1)], headers: { 'X-Next-Cursor': 'c2' } };
        if (page === 2) return { body: [numbered(2)], headers: { 'X-Next-Cursor': 'c3' } };
        return { body: [numbered(3)] };
      },
    });
    renderScreen(<MyOrdersPage />, { at: '/my-orders' });
    expect(await screen.findByText('Order #00000001')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show older orders' }));
    expect(await screen.findByText('Order #00000002')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show older orders' }));
    expect(await screen.findByText('Order #00000003')).toBeInTheDocument();
    // The last page named no next one: the button goes.
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Show older orders' })).toBeNull(),
    );
    const asked = api.calls.filter((call) => call.path === '/api/my-orders');
    expect(asked).toHaveLength(3);
  });

  it('offers no button when the latest page is all there is', async () => {
    api = await startTestApi({
      'GET /api/user': { body: user },
      'GET /api/my-orders': { body: [order] },
    });
    renderScreen(<MyOrdersPage />, { at: '/my-orders' });
    expect(await screen.findByText('Order #56ABCDEF')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show older orders' })).toBeNull();
  });
});

describe('review form', () => {
  async function openForm() {
    api = await startTestApi({
      'GET /api/user': { body: user },
      'GET /api/my-orders': { body: [order] },
      'POST /api/reviews': { status: 201, body: { success: true, review: {} } },
    });
    renderScreen(<MyOrdersPage />, { at: '/my-orders' });
    await screen.findByRole('heading', { name: 'Leave a Review' });
  }

  it('starts at 5 stars and checks title and comment lengths', async () => {
    await openForm();
    expect(screen.getByRole('radio', { name: '5 stars' })).toBeChecked();
    await userEvent.type(screen.getByLabelText('Title'), 'Hi');
    await userEvent.type(screen.getByLabelText('Comment'), 'Too short');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(screen.getByText('Review title must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Review comment must be at least 10 characters')).toBeInTheDocument();
    expect(api!.calls.some((c) => c.path === '/api/reviews')).toBe(false);
  });

  it('posts rating, title and comment and says Review Submitted!', async () => {
    await openForm();
    await userEvent.click(screen.getByRole('radio', { name: '4 stars' }));
    await userEvent.type(screen.getByLabelText('Title'), 'Lovely loaf');
    await userEvent.type(screen.getByLabelText('Comment'), 'Soft, fresh and full of flavour.');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(await screen.findByText('Review Submitted!')).toBeInTheDocument();
    expect(api!.calls.find((c) => c.path === '/api/reviews' && c.method === 'POST')!.body).toEqual({
      rating: '4',
      title: 'Lovely loaf',
      comment: 'Soft, fresh and full of flavour.',
    });
    expect(screen.getByLabelText('Title')).toHaveValue('');
  });

  it('says Failed to submit review when the server refuses', async () => {
    await openForm();
    api!.on('POST /api/reviews', { status: 500 });
    await userEvent.type(screen.getByLabelText('Title'), 'Lovely loaf');
    await userEvent.type(screen.getByLabelText('Comment'), 'Soft, fresh and full of flavour.');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(await screen.findByText('Failed to submit review')).toBeInTheDocument();
  });
});
