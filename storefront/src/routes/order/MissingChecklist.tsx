export type MissingLine = { message: string; field: string };

/** 'Missing information:' — each line scrolls to and focuses its field. */
export function MissingChecklist({
  missing,
  fieldId,
}: {
  missing: MissingLine[];
  fieldId: (field: string) => string;
}) {
  if (missing.length === 0) return null;
  function focusField(field: string) {
    const el = document.getElementById(fieldId(field));
    if (!el) return;
    el.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
    el.focus({ preventScroll: true });
  }
  return (
    <div className="checklist" role="region" aria-labelledby="missing-heading">
      <p id="missing-heading" className="checklist-title">
        Missing information:
      </p>
      <ul>
        {missing.map((m) => (
          <li key={m.message}>
            <button type="button" className="link-button" onClick={() => focusField(m.field)}>
              {m.message}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
