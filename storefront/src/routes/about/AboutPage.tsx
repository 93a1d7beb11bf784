import { BAKERY_INFO, deliveryPolicyLines, openingHoursLines, ROUTES } from '@bakery/core';
import { api } from '../../api/client';
import { useShopConfig } from '../../api/queries';
import { FormField, SubmitButton } from '../../components/FormField';
import { useToast } from '../../components/Toast';
import { useForm } from '../../components/useForm';

const VALUES = [
  {
    name: 'Community',
    text: 'We bake for our neighbours and gather them around the table, whatever their dietary needs.',
  },
  {
    name: 'Kindness',
    text: 'Every order is handled with care, from the first question to the last crumb.',
  },
  {
    name: 'Generosity',
    text: 'We share what we bake with local causes and never skimp on the sprinkles.',
  },
];

function ContactForm() {
  const toast = useToast();
  const form = useForm({
    initial: { name: '', email: '', subject: '', message: '' },
    schema: (s) => s.ContactMessageSchema,
    input: (values) => ({ ...values, subject: values.subject || undefined }),
    failure: { title: 'Error', fallback: 'Failed to send message. Please try again.' },
    send: async (data) => {
      await api.call(ROUTES.contact, { body: data });
      toast({
        title: 'Message sent!',
        description: "Thanks for reaching out. We'll get back to you soon.",
      });
      form.reset();
    },
  });
  return (
    <form
      className="card contact-form"
      onSubmit={form.onSubmit}
      noValidate
      aria-labelledby="contact-heading"
    >
      <h2 id="contact-heading">Contact Us</h2>
      <div className="field-row">
        <FormField label="Name" autoComplete="name" {...form.field('name')} />
        <FormField label="Email" type="email" autoComplete="email" {...form.field('email')} />
      </div>
      <FormField label="Subject (optional)" {...form.field('subject')} />
      <FormField label="Message" multiline id="contact-message" {...form.field('message')} />
      <SubmitButton busy={form.busy} busyText="Sending...">
        Send Message
      </SubmitButton>
    </form>
  );
}

export default function AboutPage() {
  const b = BAKERY_INFO;
  const config = useShopConfig();
  return (
    <section className="container page about">
      <header className="page-header">
        <h1>Our Story</h1>
        <p className="lead">{b.tagline}</p>
      </header>
      <div className="about-grid">
        <article className="card">
          <h2>How We Started</h2>
          <p>
            {b.name} began in {b.openSince} in a home kitchen in {b.city}, when our founder could
            not find a birthday cake her gluten-free, dairy-free daughter could eat. A few test
            batches became a few orders from friends, then a market stall, and then the bakery you
            know today.
          </p>
          <p>
            Everything we make is still gluten-free and dairy-free, so every guest can have a slice.
          </p>
        </article>
        <article className="card">
          <h2>Our Mission</h2>
          <p>
            To bake treats that taste like celebration for everyone, whatever their allergies, and
            to make our corner of {b.city} a little sweeter.
          </p>
        </article>
      </div>
      <h2 className="section-title">Our Values</h2>
      <ul className="values-grid">
        {VALUES.map((v) => (
          <li key={v.name} className="card value-card">
            <h3>{v.name}</h3>
            <p>{v.text}</p>
          </li>
        ))}
      </ul>
      <div className="about-grid">
        <section className="card visit" aria-labelledby="visit-heading">
          <h2 id="visit-heading">Visit Us</h2>
          <address>
            {b.street}
            <br />
            {b.city}, {b.state} {b.zip}
          </address>
          <p>
            Phone: <a href={`tel:${b.phone.replace(/[^\d+]/g, '')}`}>{b.phone}</a>
          </p>
          <p>
            Email: <a href={`mailto:${b.email}`}>{b.email}</a>
          </p>
          <p>
            Website: <a href={b.website}>{b.website.replace(/^https?:\/\//, '')}</a>
          </p>
          <h3 id="hours-heading">Opening Hours</h3>
          {openingHoursLines().map((line) => (
            <p key={line}>{line}</p>
          ))}
          <h3>Delivery</h3>
          {deliveryPolicyLines(config.data?.paymentConfigured).map((line) => (
            <p key={line}>{line}</p>
          ))}
        </section>
        <ContactForm />
      </div>
    </section>
  );
}
