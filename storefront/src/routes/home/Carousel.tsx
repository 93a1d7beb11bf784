import { Link } from 'react-router-dom';
import { itemsInCategory, menuCategories } from '@bakery/core';

export default function Carousel() {
  // One card per category: its first menu item's picture under the category's
  // name. The list is doubled so the CSS animation loops without a seam.
  const cards = menuCategories().map((category) => {
    const first = itemsInCategory(category.id)[0];
    const image = first?.image || category.image;
    // Items without a photo of their own show the category's picture: describe that one.
    const alt =
      image === category.image ? category.imageAlt : (first?.imageAlt ?? category.imageAlt);
    return { category, image, alt };
  });
  const track = [...cards, ...cards];
  return (
    <section className="carousel-section" aria-labelledby="carousel-heading">
      <h2 id="carousel-heading" className="section-title">
        Something for Everyone
      </h2>
      <div className="carousel">
        <ul className="carousel-track">
          {track.map(({ category, image, alt }, i) => (
            <li
              key={`${category.id}-${i}`}
              className="carousel-card"
              aria-hidden={i >= cards.length ? true : undefined}
            >
              <img
                src={image}
                alt={i >= cards.length ? '' : alt}
                width={240}
                height={160}
                // The first cards are on the first screen (the phone's largest
                // element): no lazy loading there (issue 16).
                loading={i < 4 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : undefined}
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
