// Review moderation: staff see every review with its author, approve (then
// it is public) and delete.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../support/testServer.js';
import { Client, createUser, signedIn } from './helpers.js';

type Server = Awaited<ReturnType<typeof startTestServer>>;
let server: Server;
let staff: Client;
let customer: Client;

beforeAll(async () => {
  server = await startTestServer();
  staff = (await signedIn(server.baseUrl, server.prisma, 'admin')).client;
  customer = (await signedIn(server.baseUrl, server.prisma, 'customer')).client;
}, 60_000);

afterAll(async () => {
  await server?.close();
});

const addReview = async (title: string) => {
  const author = await createUser(server.prisma, 'customer', {
    firstName: 'Rita',
    lastName: 'Reviewer',
  });
  return server.prisma.review.create({
    data: {
      userId: author.id,
      rating: '5',
      title,
      comment: 'Best gluten-free bread in town!',
    } as never,
  });
};

describe('review moderation', () => {
  it('lists every review with approval state and author name', async () => {
    const review = await addReview('Lovely loaf');
    const { status, body } = await staff.get('/api/admin/reviews');
    expect(status).toBe(200);
    expect(body.find((row: { id: string }) => row.id === review.id)).toMatchObject({
      title: 'Lovely loaf',
      rating: '5',
      isApproved: false,
      userName: 'Rita Reviewer',
    });
  });

  it('approves a review, which then shows publicly', async () => {
    const review = await addReview('Approve me');
    expect(
      (await customer.get('/api/reviews')).body.some((row: { id: string }) => row.id === review.id),
    ).toBe(false);
    const approved = await staff.patch(`/api/admin/reviews/${review.id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      success: true,
      review: { id: review.id, isApproved: true },
    });
    expect(
      (await customer.get('/api/reviews')).body.some((row: { id: string }) => row.id === review.id),
    ).toBe(true);
  });

  it('deletes a review', async () => {
    const review = await addReview('Delete me');
    expect((await staff.del(`/api/admin/reviews/${review.id}`)).body).toEqual({ success: true });
    expect(await server.prisma.review.findUnique({ where: { id: review.id } })).toBeNull();
    expect((await staff.del(`/api/admin/reviews/${review.id}`)).status).toBe(404);
  });

  it('answers 404 for a malformed or unknown review id', async () => {
    const malformed = await staff.patch('/api/admin/reviews/42/approve');
    expect(malformed.status).toBe(404);
    expect(malformed.body.message).toBe('Review not found');
    expect(
      (await staff.patch('/api/admin/reviews/00000000-0000-4000-8000-000000000000/approve')).status,
    ).toBe(404);
  });

  it('refuses a customer and changes nothing', async () => {
    const review = await addReview('Not yours');
    expect((await customer.get('/api/admin/reviews')).status).toBe(403);
    expect((await customer.patch(`/api/admin/reviews/${review.id}/approve`)).status).toBe(403);
    expect((await customer.del(`/api/admin/reviews/${review.id}`)).status).toBe(403);
    const stored = await server.prisma.review.findUnique({ where: { id: review.id } });
    expect(stored!.isApproved).toBe(false);
  });
});
