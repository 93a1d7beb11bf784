import { Link } from 'react-router-dom';
import { BAKERY_INFO, CATEGORIES, formatLongDate } from '@bakery/core';
import { useReviews } from '../../api/queries';
import { Stars } from '../../components/Stars';

function Carousel() {
  // One card per category, drawn with the category's picture (the menu items
  // themselves stay out of the home page's first download); the list is
  // doubled so the CSS animation loops without a visible seam.
  const cards = CATEGORIES.map((category) => ({ category }));
  const track = [...cards, ...cards];
  return (
    <section className="carousel-section" aria-labelledby="carousel-heading">
      <h2 id="carousel-heading" className="section-title">
        Something for Everyone
      </h2>
      <div className="carousel">
        <ul className="carousel-track">
          {track.map(({ category }, i) => (
            <li
              key={`${category.id}-${i}`}
              className="carousel-card"
              aria-hidden={i >= cards.length ? true : undefined}
            >
              <img
                src={category.image}
                alt={i >= cards.length ? '' : category.imageAlt}
                width={240}
                height={160}
                loading="lazy"
              />
              <h3>{category.label}</h3>
              <p>Explore our delicious {category.label} collection</p>
              <Link
                to={`/order#${category.id}`}
                className="btn btn-secondary"
                tabIndex={i >= cards.length ? -1 : undefined}
              >
                Shop {category.label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Reviews() {
  const { data, isLoading, isError } = useReviews();
  if (isLoading) {
    return (
      <section className="reviews container" aria-labelledby="reviews-heading">
        <h2 id="reviews-heading" className="section-title">
          What Our Customers Say
        </h2>
        <div className="page-loading" role="status">
          <span className="spinner" aria-hidden="true" /> Loading reviews...
        </div>
      </section>
    );
  }
  if (isError) {
    return (
      <section className="reviews container" aria-labelledby="reviews-heading">
        <h2 id="reviews-heading" className="section-title">
          What Our Customers Say
        </h2>
        <p className="error-text">Failed to load reviews</p>
      </section>
    );
  }
  if (!data || data.length === 0) return null;
  return (
    <section className="reviews container" aria-labelledby="reviews-heading">
      <h2 id="reviews-heading" className="section-title">
        What Our Customers Say
      </h2>
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
    </section>
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
      <Carousel />
      <Reviews />
    </>
  );
}
