import { createContext, useContext } from 'react';
import type { BridgeSettings } from '../../../shared/bridge';

export interface SettingsValue {
  settings: BridgeSettings;
  update(patch: Partial<Pick<BridgeSettings, 'serverUrl' | 'theme'>>): Promise<void>;
}

export const SettingsContext = createContext<SettingsValue | null>(null);

export function useSettings(): SettingsValue {
  const v = useContext(SettingsContext);
  if (!v) throw new Error('SettingsContext missing');
  return v;
}
