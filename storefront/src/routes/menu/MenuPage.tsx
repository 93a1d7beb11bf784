import { ProductImage } from '../../components/ProductImage';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  addedMessage,
  formatCents,
  getMenuItem,
  availabilityNote,
  itemAvailability,
  categoryBehaviour,
  menuCategories,
  openingCategory,
  photoIdOf,
  type CategoryId,
  type MenuItem,
} from '@bakery/core';
import { useUser } from '../../api/queries';
import { addToCart, savePending } from '../../cart/cartStorage';
import { TOAST_CART_MS, TOAST_SIGN_IN_MS, useToast } from '../../components/Toast';
import { AddToCartDialog, type AddSelection } from './AddToCartDialog';
import { ItemAllergens } from '../../allergens/ItemAllergens';
import { useShownCategory } from './useShownCategory';
import { MenuChangedNotice, useFollowMenuVersion } from '../../components/MenuChanged';

export function CategoryButtons({
  value,
  onChange,
}: {
  value: CategoryId;
  onChange: (id: CategoryId) => void;
}) {
  return (
    <div className="category-buttons" role="group" aria-label="Categories">
      {menuCategories().map((c) => (
        <button
          key={c.id}
          type="button"
          className={`chip${c.id === value ? ' chip-active' : ''}`}
          aria-pressed={c.id === value}
          onClick={() => onChange(c.id)}
        >
          {c.label}
        </button>
      ))}
    </div>
  );
}

export default function MenuPage() {
  const [category, setCategory] = useState<CategoryId>(openingCategory);
  const [selected, setSelected] = useState<MenuItem | null>(null);
  const { user } = useUser();
  const navigate = useNavigate();
  const toast = useToast();
  const { current, allergens } = useShownCategory(category);
  // An open menu follows a publish: new prices and availability without a reload.
  useFollowMenuVersion();

  function choose(item: MenuItem) {
    // A category whose counts are chosen on the order form (gourmet cookies) opens it there.
    if (categoryBehaviour(item.category).orderedOnOrderForm)
      void navigate({ pathname: '/order', hash: item.category });
    else setSelected(item);
  }

  function add(item: MenuItem, sel: AddSelection) {
    const choice = { variantId: sel.variantId, filling: sel.filling, addIn: sel.addIn };
    if (!user) {
      savePending({ productId: item.id, quantity: sel.quantity, ...choice }, '/menu');
      setSelected(null);
      toast({
        title: 'Please sign in',
        description: "Sign in to add items to your cart. We'll add this item after you log in!",
        duration: TOAST_SIGN_IN_MS,
      });
      void navigate('/login');
      return;
    }
    const result = addToCart(item.id, sel.quantity, choice);
    setSelected(null);
    // Says what was really added: 'Only 10 allowed: you now have 10' at the maximum.
    toast({
      title: result.added > 0 ? 'Added to cart!' : 'Cart unchanged',
      description: addedMessage(result, getMenuItem(item.id)?.name ?? item.name, sel.quantity),
      duration: TOAST_CART_MS,
    });
  }

  return (
    <section className="container page">
      <header className="page-header">
        <h1>Our Menu</h1>
        <p className="lead">
          From traditional breads to decadent pastries, explore our full selection of handcrafted
          baked goods.
        </p>
        <p className="allergen-note">
          Everything listed is Gluten-free and dairy free, please inquire for other allergens
        </p>
      </header>
      <MenuChangedNotice />
      <CategoryButtons value={category} onChange={setCategory} />
      {allergens.filter}
      <div className="category-banner">
        {current.image && (
          <img src={current.image} alt={current.imageAlt} width={160} height={120} />
        )}
        <h2>{current.label}</h2>
      </div>
      <ul className="product-grid">
        {allergens.shown.map((item, index) => {
          // Issue 22: sold out, not yet in season, or only on some weekdays.
          const availability = itemAvailability(item);
          return (
            <li key={item.id} className="card product-card">
              {/* The owner's photo (issue 22); without one the category's drawing above stands for it. */}
              {photoIdOf(item.image) && (
                <ProductImage
                  className="product-photo"
                  image={item.image}
                  alt={item.imageAlt}
                  fallback={current}
                  first={index === 0}
                />
              )}
              <h3>{item.name}</h3>
              <p>{item.description}</p>
              <p className="price">
                {item.variants && item.variants.length > 1 ? 'From ' : ''}
                {formatCents(item.priceCents)}
              </p>
              <ItemAllergens productId={item.id} />
              {availability.available ? (
                <>
                  {availability.reason && (
                    <p className="availability-note">{availability.reason}</p>
                  )}
                  {/* The visible words lead the accessible name (WCAG 2.5.3); the item's name tells the buttons apart. */}
                  <button
                    type="button"
                    className="btn btn-primary"
                    aria-label={`Add to Cart: ${item.name}`}
                    onClick={() => choose(item)}
                  >
                    Add to Cart
                  </button>
                </>
              ) : (
                <p
                  className="availability-unavailable"
                  aria-label={`${item.name}: ${availabilityNote(availability)}`}
                >
                  {/* Issue 37: a sold-out item says the day it is back. */}
                  {availabilityNote(availability)}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      {selected && (
        <AddToCartDialog
          item={selected}
          onCancel={() => setSelected(null)}
          onAdd={(sel) => add(selected, sel)}
        />
      )}
    </section>
  );
}
