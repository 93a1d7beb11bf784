import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BAKERY_INFO } from '@bakery/core';
import { startTestApi, type TestApi } from '../../test/apiServer';
import { renderScreen } from '../../test/render';
import AboutPage from './AboutPage';

let api: TestApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

describe('about page', () => {
  it('tells the story, the mission, the three values and where to find the bakery', async () => {
    api = await startTestApi();
    renderScreen(<AboutPage />, { at: '/about' });
    expect(screen.getByRole('heading', { name: 'Our Mission' })).toBeInTheDocument();
    for (const value of ['Community', 'Kindness', 'Generosity'])
      expect(screen.getByRole('heading', { name: value })).toBeInTheDocument();
    const visit = screen.getByRole('region', { name: 'Visit Us' });
    expect(visit).toHaveTextContent(BAKERY_INFO.street);
    expect(visit).toHaveTextContent(BAKERY_INFO.phone);
    expect(visit).toHaveTextContent(BAKERY_INFO.email);
  });

  it('posts the contact form to /api/contact and thanks the sender', async () => {
    api = await startTestApi({
      'POST /api/contact': { status: 201, body: { success: true, message: 'Thanks' } },
    });
    renderScreen(<AboutPage />, { at: '/about' });
    await userEvent.type(screen.getByLabelText('Name'), 'Ada Baker');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Message'), 'Do you make wedding cakes?');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Message sent!')).toBeInTheDocument();
    const call = api.calls.find((c) => c.path === '/api/contact')!;
    expect(call.contentType).toBe('application/json');
    expect(call.body).toEqual({
      name: 'Ada Baker',
      email: 'ada@example.com',
      subject: null,
      message: 'Do you make wedding cakes?',
    });
    expect(screen.getByLabelText('Message')).toHaveValue('');
  });

  it('shows the validation message instead of sending an invalid e-mail', async () => {
    api = await startTestApi();
    renderScreen(<AboutPage />, { at: '/about' });
    await userEvent.type(screen.getByLabelText('Name'), 'Ada Baker');
    await userEvent.type(screen.getByLabelText('Email'), 'nope');
    await userEvent.type(screen.getByLabelText('Message'), 'Do you make wedding cakes?');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    // Nothing is sent (the shop's settings, GET /api/config, may be read).
    expect(api.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });
});
