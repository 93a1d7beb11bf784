// The auth pages are prerendered: a visitor can type before the JavaScript has
// hydrated them. What they typed must survive hydration and the next render.
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { FormField } from './FormField';
import { useForm } from './useForm';

function NameForm() {
  const form = useForm({
    initial: { firstName: '', lastName: '' },
    schema: (s) => s.SignupSchema,
    failure: { title: 'Sign up failed', fallback: 'Failed to create account' },
    send: () => Promise.resolve(),
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
});
