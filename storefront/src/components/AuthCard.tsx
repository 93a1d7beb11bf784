// The narrow card every sign-in, sign-up, reset and e-mail link page stands
// in: its title, then the page's form or message (centred for a message),
// and the form's full-width submit button.
import type { ComponentProps, ReactNode } from 'react';
import { SubmitButton } from './FormField';

export function AuthCard({
  title,
  center,
  children,
}: {
  title: string;
  /** A message page (link sent, reset done, link invalid): centred. */
  center?: boolean;
  children: ReactNode;
}) {
  return (
    <section className="container page narrow">
      <div className={center ? 'card auth-card center' : 'card auth-card'}>
        <h1>{title}</h1>
        {children}
      </div>
    </section>
  );
}

/** The card's submit button, the width of the card. */
export function AuthSubmit(props: Omit<ComponentProps<typeof SubmitButton>, 'className'>) {
  return <SubmitButton className="btn btn-primary btn-block" {...props} />;
}
