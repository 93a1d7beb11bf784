import { NonIdealState } from '@blueprintjs/core';
import { Link } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <div className="app-main">
      <NonIdealState
        icon="search"
        title="Page Not Found"
        action={<Link to="/admin/dashboard">Back to the dashboard</Link>}
      />
    </div>
  );
}
