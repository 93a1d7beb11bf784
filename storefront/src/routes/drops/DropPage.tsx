// A drop's public page (issue 37): /drops/<id>, for anyone, signed in or
// not: its items with their photos and what is left, the countdown, the
// pickup days in words and their windows, "Order now" while it is open and
// "E-mail me when it opens" before. /drops alone lists the drops to come.
import { Link, useParams } from 'react-router-dom';
import {
  countdown,
  dropPagePath,
  formatInstant,
  formatDayInWords,
  getCategory,
  getMenuItem,
  type PublicDropView,
} from '@bakery/core';
import { useAvailability, useDrops } from '../../api/queries';
import { Loading } from '../../components/Loading';
import { ProductImage } from '../../components/ProductImage';
import { NotifyForm, useNow } from './dropParts';

function DropItems({ drop, upcoming }: { drop: PublicDropView; upcoming: boolean }) {
  return (
    <ul className="drop-page-items">
      {drop.units.map((unit) => {
        const left = upcoming
          ? `${unit.quantity} in the batch`
          : unit.left > 0
            ? `${unit.left} left`
            : 'Sold out';
        return (
          <li key={unit.id} className="drop-page-unit">
            <h2>{unit.label}</h2>
            <p className={unit.left > 0 || upcoming ? 'drop-left' : 'drop-left sold-out'}>
              <strong>{left}</strong>
              {unit.productIds.length > 1 && ' of any of these'}
            </p>
            <ul className="drop-page-products">
              {unit.productIds.map((id) => {
                const item = getMenuItem(id);
                if (!item) return null;
                const category = getCategory(item.category);
                return (
                  <li key={id}>
                    <ProductImage
                      image={item.image}
                      alt={item.imageAlt}
                      fallback={{
                        image: category?.image ?? '',
                        imageAlt: category?.imageAlt ?? item.name,
                      }}
                      sizes="(max-width: 600px) 100vw, 320px"
                    />
                    <span>{item.name}</span>
                  </li>
                );
              })}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}

/** The pickup windows the drop serves, on its first and last days, as the order page lists them. */
function DropWindows({ drop }: { drop: PublicDropView }) {
  const dates = [...drop.pickupDates].sort();
  const { data } = useAvailability(dates[0]!, dates[dates.length - 1]!);
  const labels = new Set<string>();
  for (const day of data?.days ?? [])
    for (const w of day.windows ?? [])
      if (
        w.id &&
        w.fulfillment === 'pickup' &&
        (!drop.windowIds.length || drop.windowIds.includes(w.id))
      )
        labels.add(w.label);
  if (labels.size === 0) return null;
  return <p>Pickup windows: {[...labels].join(', ')}</p>;
}

function OneDrop({ drop }: { drop: PublicDropView }) {
  const now = useNow();
  const opens = new Date(drop.opensAt).getTime();
  const closes = new Date(drop.closesAt).getTime();
  const upcoming = now < opens;
  const closed = now >= closes;
  return (
    <article className="drop-page card" aria-labelledby="drop-title">
      <h1 id="drop-title">{drop.name}</h1>
      <p className="drop-countdown" role="timer" aria-live="off">
        {closed ? (
          'This drop has closed.'
        ) : upcoming ? (
          <>
            Opens in <strong>{countdown(opens - now)}</strong> ({formatInstant(drop.opensAt)})
          </>
        ) : (
          <>
            Open now: closes in <strong>{countdown(closes - now)}</strong> (
            {formatInstant(drop.closesAt)})
          </>
        )}
      </p>
      <p>Pickup: {drop.pickupDates.map((d) => formatDayInWords(d)).join('; ')}</p>
      <DropWindows drop={drop} />
      <DropItems drop={drop} upcoming={upcoming} />
      {!upcoming && !closed && (
        <Link className="btn btn-primary" to="/order">
          Order now
        </Link>
      )}
      {upcoming && <NotifyForm drop={drop} email="" />}
      <p className="hint">Drop items pay no rush fee: the shop set this batch for its day.</p>
    </article>
  );
}

export default function DropPage() {
  const { token } = useParams();
  const { data, isLoading } = useDrops();
  if (isLoading) return <Loading />;
  const drops = data?.drops ?? [];
  if (!token) {
    return (
      <section className="page drops-list" aria-labelledby="drops-title">
        <h1 id="drops-title">Drops</h1>
        {drops.length === 0 ? (
          <p>No drop is open or coming just now.</p>
        ) : (
          <ul>
            {drops.map((drop) => (
              <li key={drop.id}>
                <Link to={dropPagePath(drop.id)}>{drop.name}</Link> (
                {drop.pickupDates.map((d) => formatDayInWords(d)).join('; ')})
              </li>
            ))}
          </ul>
        )}
      </section>
    );
  }
  const drop = drops.find((d) => d.id === token);
  if (!drop)
    return (
      <section className="page">
        <h1>Drop not found</h1>
        <p>
          This drop has closed or does not exist. <Link to="/drops">See the drops to come</Link>
        </p>
      </section>
    );
  return (
    <section className="page">
      <OneDrop drop={drop} />
    </section>
  );
}
