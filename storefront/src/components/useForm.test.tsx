// The auth pages are prerendered: a visitor can type before the JavaScript has
// hydrated them. What they typed must survive hydration and the next render.
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { FormField } from './FormField';
import { useForm } from './useForm';

function NameForm({ send = () => Promise.resolve() }: { send?: (data: unknown) => Promise<void> }) {
  const form = useForm({
    initial: { firstName: '', lastName: '' },
    // Anything goes: the test is about what reaches `send`.
    schema: () => ({ safeParse: (data: unknown) => ({ success: true, data }) }),
    failure: { title: 'Sign up failed', fallback: 'Failed to create account' },
    send,
  });
  return (
    <form onSubmit={form.onSubmit}>
      <FormField label="First name" id="first" {...form.field('firstName')} />
      <FormField label="Last name" id="last" {...form.field('lastName')} />
      <output>{`${form.values.firstName} ${form.values.lastName}`}</output>
    </form>
  );
}

describe('a prerendered form', () => {
  it('keeps what was typed before it hydrated', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<NameForm />);
    document.body.appendChild(container);
    // Typed into the static HTML: no React handler runs yet.
    (container.querySelector('#first') as HTMLInputElement).value = 'Dana';

    await act(async () => {
      render(<NameForm />, { container, hydrate: true });
    });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Baker' } });

    expect(screen.getByLabelText('First name')).toHaveValue('Dana');
    expect(screen.getByRole('status')).toHaveTextContent('Dana Baker');
  });

  it('sends, once hydrated, what was sent before', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<NameForm />);
    document.body.appendChild(container);
    (container.querySelector('#first') as HTMLInputElement).value = 'Dana';
    (container.querySelector('#last') as HTMLInputElement).value = 'Baker';
    // What index.html's inline script keeps of a submit before hydration.
    window.heldSubmit = container.querySelector('form');
    const send = vi.fn(() => Promise.resolve());

    await act(async () => {
      render(<NameForm send={send} />, { container, hydrate: true });
    });

    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send).toHaveBeenCalledWith({ firstName: 'Dana', lastName: 'Baker' });
    expect(window.heldSubmit).toBeNull();
  });

  it('sends what the inputs hold when the submit comes before the render that takes them over', async () => {
    // A submit that makes React hydrate the form runs its handler with the
    // state of that hydration: what was typed into the static HTML is only in
    // the inputs (seen in Chromium: 'Please enter a valid email address' under
    // a filled-in field).
    const send = vi.fn(() => Promise.resolve());
    render(<NameForm send={send} />);
    // Values React never saw: set on the elements, with no input event.
    (screen.getByLabelText('First name') as HTMLInputElement).value = 'Dana';
    (screen.getByLabelText('Last name') as HTMLInputElement).value = 'Baker';
    fireEvent.submit(screen.getByLabelText('First name').closest('form')!);

    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send).toHaveBeenCalledWith({ firstName: 'Dana', lastName: 'Baker' });
  });
});
