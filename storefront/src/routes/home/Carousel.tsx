import { Link } from 'react-router-dom';
import { itemsInCategory, menuCategories, PHOTO_FORMATS, photoSizes } from '@bakery/core';
import { FIRST_PICTURE } from '../../components/ProductImage';

/** A card's picture is 240 px wide: the browser picks the smallest size that fills it. */
const CARD_SIZES = '240px';
const srcSet = (image: string, type: string) =>
  photoSizes(image)
    .filter((s) => s.type === type)
    .map((s) => `${s.url} ${s.width}w`)
    .join(', ');

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
              {/* An owner's photo (issue 22): AVIF, WebP or JPEG at the size the
                  card shows (not the 1280 px original size); a drawing as is. */}
              <picture>
                {photoSizes(image).length > 0 &&
                  PHOTO_FORMATS.filter((f) => f.ext !== 'jpg').map((f) => (
                    <source
                      key={f.ext}
                      type={f.type}
                      srcSet={srcSet(image, f.type)}
                      sizes={CARD_SIZES}
                    />
                  ))}
                <img
                  src={photoSizes(image).find((s) => s.type === 'image/jpeg')?.url ?? image}
                  srcSet={photoSizes(image).length > 0 ? srcSet(image, 'image/jpeg') : undefined}
                  sizes={photoSizes(image).length > 0 ? CARD_SIZES : undefined}
                  alt={i >= cards.length ? '' : alt}
                  width={240}
                  height={160}
                  // The first cards are on the first screen (the phone's largest
                  // element): no lazy loading there (issue 16).
                  {...(i === 0 ? FIRST_PICTURE : { loading: i < 4 ? 'eager' : 'lazy' })}
                />
              </picture>
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
