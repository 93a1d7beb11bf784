// The item's storefront card as a customer sees it at 375 px (issue 22): the
// same name, description, price and availability words as the menu page.
import {
  availabilityNote,
  formatCents,
  fromPriceCents,
  itemAvailability,
  type CatalogueItem,
} from '@bakery/core';

export function CardPreview({ item, image }: { item: CatalogueItem; image: string }) {
  const availability = itemAvailability(item);
  return (
    <figure className="menu-preview" aria-label="Storefront preview at 375 px">
      <div className="menu-preview-phone">
        <div className="menu-preview-card">
          <img src={image} alt={item.imageAlt || ''} width={160} height={120} />
          <h3>{item.name}</h3>
          <p>{item.description}</p>
          <p className="menu-preview-price">
            {item.variants && item.variants.length > 1 ? 'From ' : ''}
            {formatCents(fromPriceCents(item))}
          </p>
          {availability.available ? (
            <>
              {availability.reason && <p className="menu-preview-note">{availability.reason}</p>}
              <span className="menu-preview-button">Add to Cart</span>
            </>
          ) : (
            <p className="menu-preview-unavailable">{availabilityNote(availability)}</p>
          )}
          {item.hidden && <p className="menu-preview-note">Hidden: not on the storefront</p>}
        </div>
      </div>
      <figcaption className="muted">Preview at 375 px</figcaption>
    </figure>
  );
}
