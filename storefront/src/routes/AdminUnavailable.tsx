/** The admin pages belong to the back office app the API serves at /admin; this
 *  screen only shows when that app is not installed on this server. */
export function AdminUnavailable() {
  return (
    <section className="container page narrow">
      <h1>Admin</h1>
      <p>The admin dashboard is not available on this server.</p>
    </section>
  );
}
