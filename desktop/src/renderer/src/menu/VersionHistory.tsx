// The Menu tab's published versions (issue 22): newest first, the live one
// tagged; the owner restores an older one (not one whose items are the live
// ones: the server would refuse it, nothing would change).
import { Button, Card, H5, HTMLTable, Tag } from '../ui/blueprint';
import type { VersionView } from './menuApi';

export function VersionHistory({
  versions,
  owner,
  onRestore,
}: {
  versions: VersionView[];
  owner: boolean;
  onRestore(v: VersionView): void;
}) {
  return (
    <Card className="menu-versions">
      <H5>Published versions</H5>
      <HTMLTable compact striped aria-label="Published versions">
        <thead>
          <tr>
            <th>Version</th>
            <th>When</th>
            <th>Who</th>
            <th>What changed</th>
            {owner && <th aria-label="Actions" />}
          </tr>
        </thead>
        <tbody>
          {versions.map((v, index) => (
            <tr key={v.id}>
              <td>
                {v.number} {index === 0 && <Tag intent="success">Live</Tag>}
              </td>
              <td>{new Date(v.publishedAt).toLocaleString('en-US')}</td>
              <td>{v.publishedBy?.name ?? 'Setup'}</td>
              <td className="menu-summary">{v.summary}</td>
              {owner && (
                <td>
                  {index > 0 && v.changesIfRestored?.length === 0 ? (
                    // Its items are the live ones: restoring it would change nothing.
                    <span className="muted">Same as live</span>
                  ) : (
                    index > 0 && (
                      <Button
                        small
                        text="Restore"
                        aria-label={`Restore version ${v.number}`}
                        onClick={() => onRestore(v)}
                      />
                    )
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </Card>
  );
}
