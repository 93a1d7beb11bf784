export function Loading({ text = 'Loading...' }: { text?: string }) {
  return (
    <div className="page-loading" role="status">
      <span className="spinner" aria-hidden="true" /> {text}
    </div>
  );
}
