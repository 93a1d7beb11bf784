// While the server cannot be reached the desk shows the offline counter in
// place of the dashboard (issue 42); the dashboard comes back with the server.
import type { ReactNode } from 'react';
import { useOnline } from './connection';
import { OfflineDesk } from './OfflineDesk';

export function OfflineGate({ children }: { children: ReactNode }) {
  return useOnline() === false ? <OfflineDesk /> : <>{children}</>;
}
