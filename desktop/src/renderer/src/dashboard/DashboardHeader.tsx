// The dashboard's header: who is signed in, the theme, the server settings
// (the app only), Refresh, her account and second factor, and Sign out.
import { Button, Navbar, Switch } from '../ui/blueprint';
import { bridge } from '../platform/bridge';
import { useSettings } from '../platform/settingsContext';
import { AccountButton } from '../security/AccountPanel';
import { SecondFactorButton } from '../security/SecondFactorPanel';

export function DashboardHeader({
  role,
  email,
  passwordChangeRequired,
  onSecured,
  onServerSettings,
  onRefresh,
  onSignOut,
}: {
  role: string;
  email: string;
  passwordChangeRequired: boolean;
  /** Her password changed or her second factor was set up: the tabs load anew. */
  onSecured(): void;
  onServerSettings(): void;
  onRefresh(): void;
  onSignOut(): void;
}) {
  const { settings, update } = useSettings();
  return (
    <Navbar className="app-header" aria-label="Header">
      <h1>Bakery Admin Dashboard</h1>
      <span className="muted">
        {email} ({role})
      </span>
      <Switch
        role="switch"
        label="Dark theme"
        checked={settings.theme === 'dark'}
        onChange={(e) => void update({ theme: e.currentTarget.checked ? 'dark' : 'light' })}
        style={{ margin: 0 }}
      />
      {bridge.kind === 'electron' && (
        <Button icon="cog" aria-label="Server settings" minimal onClick={onServerSettings} />
      )}
      <Button icon="refresh" text="Refresh" minimal onClick={onRefresh} />
      <AccountButton
        passwordChangeRequired={passwordChangeRequired}
        onPasswordChanged={onSecured}
      />
      {/* The second factor's set-up waits until she has her own password. */}
      <SecondFactorButton role={role} deferred={passwordChangeRequired} onSetUp={onSecured} />
      <Button icon="log-out" text="Sign out" minimal onClick={onSignOut} />
    </Navbar>
  );
}
