import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BAKERY_INFO, formatLongDate } from '@bakery/core';
import { useReviews } from '../../api/queries';
import { Stars } from '../../components/Stars';

// The carousel sits below the hero and needs the catalogue module (shared with
// the menu and order pages), so it loads on demand; its box keeps its height.
const Carousel = lazy(() => import('./Carousel'));

function ReviewsSection({ children }: { children: ReactNode }) {
  return (
    <section className="reviews container" aria-labelledby="reviews-heading">
      <h2 id="reviews-heading" className="section-title">
        What Our Customers Say
      </h2>
      {children}
    </section>
  );
}

function Reviews() {
  const { data, isLoading, isError } = useReviews();
  if (isLoading)
    return (
      <ReviewsSection>
        <div className="page-loading" role="status">
          <span className="spinner" aria-hidden="true" /> Loading reviews...
        </div>
      </ReviewsSection>
    );
  if (isError)
    return (
      <ReviewsSection>
        <p className="error-text">Failed to load reviews</p>
      </ReviewsSection>
    );
  if (!data || data.length === 0) return null;
  return (
    <ReviewsSection>
      <ul className="review-grid">
        {data.map((r) => (
          <li key={r.id} className="card review-card">
            <Stars rating={Number(r.rating)} />
            <h3>{r.title}</h3>
            <p>{r.comment}</p>
            <p className="muted">{formatLongDate(r.createdAt)}</p>
          </li>
        ))}
      </ul>
    </ReviewsSection>
  );
}

export function Home() {
  return (
    <>
      <section className="hero">
        <div className="container hero-inner">
          <p className="eyebrow">100% gluten-free · 100% dairy-free</p>
          <h1>{BAKERY_INFO.name}</h1>
          <p className="hero-tagline">{BAKERY_INFO.tagline}</p>
          <div className="hero-actions">
            <Link to="/menu" className="btn btn-primary">
              View Our Menu
            </Link>
            <Link to="/order" className="btn btn-light">
              Order Now
            </Link>
          </div>
        </div>
      </section>
      <Suspense
        fallback={<div className="carousel-section carousel-placeholder" aria-hidden="true" />}
      >
        <Carousel />
      </Suspense>
      <Reviews />
    </>
  );
}
