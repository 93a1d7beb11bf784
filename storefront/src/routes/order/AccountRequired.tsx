import { Link } from 'react-router-dom';
import { savePending } from '../../cart/cartStorage';

/** The order prompt for visitors: signing in from here comes back to /order (issue 14). */
export function AccountRequired() {
  const comeBack = () => savePending(null, '/order');
  return (
    <section className="container page narrow center">
      <h1>Account Required</h1>
      <p>
        Please create an account or sign in to place an order. You will come back to this page, with
        the item you chose, once you are signed in.
      </p>
      <div className="button-row">
        <Link to="/signup" className="btn btn-primary" onClick={comeBack}>
          Create Account
        </Link>
        <Link to="/login" className="btn btn-secondary" onClick={comeBack}>
          Sign In
        </Link>
      </div>
    </section>
  );
}
