// The offline store as a React value, fresh on every change of any tab.
import { useEffect, useState } from 'react';
import { onOfflineChange, readOffline, type OfflineState } from './store';

export function useOfflineState(): OfflineState {
  const [state, setState] = useState(readOffline);
  useEffect(() => onOfflineChange(() => setState(readOffline())), []);
  return state;
}
