import type { BakeryBridge } from '../../../shared/bridge';
import { createWebBridge } from './webBridge';

declare global {
  interface Window {
    bakery?: BakeryBridge;
  }
}

/** The preload's object inside Electron, the web one elsewhere. */
export const bridge: BakeryBridge =
  typeof window !== 'undefined' && window.bakery ? window.bakery : createWebBridge();
