import { contextBridge, ipcRenderer } from 'electron';
import { createElectronBridge } from './bridge';

contextBridge.exposeInMainWorld('bakery', createElectronBridge(ipcRenderer));
