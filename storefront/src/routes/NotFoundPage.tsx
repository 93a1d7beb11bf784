import { Link } from 'react-router-dom';

export default function NotFoundPage() {
  return (
    <section className="container page narrow center">
      <p className="big-number" aria-hidden="true">
        404
      </p>
      <h1>Page Not Found</h1>
      <p>Sorry, we couldn't find the page you were looking for.</p>
      <Link to="/" className="btn btn-primary">
        Return Home
      </Link>
    </section>
  );
}
