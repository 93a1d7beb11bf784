// Every file the back office saves (Excel workbooks, label and day-report
// PDFs, backups and their photos): one call of the route map, saved by the
// host (a save dialog in the app, a download in the browser) under the name
// the server gave it in Content-Disposition. No screen names a file.
import type { CallOptions, FileRoute, ParamsOf } from '@bakery/core';
import type { SaveResult } from '../../../shared/bridge';
import { bridge } from '../platform/bridge';
import { client } from './client';

type Options<R extends FileRoute> =
  ParamsOf<R['path']> extends never ? [CallOptions<R>?] : [CallOptions<R>];

/** Fetches a file of the map and hands it to the host to save; its name is the server's. */
export async function downloadFile<R extends FileRoute>(
  route: R,
  ...[options]: Options<R>
): Promise<SaveResult & { name: string }> {
  const file = await client.file(route, ...([options] as Options<R>));
  return { ...(await bridge.saveFile(file.name, file.bytes)), name: file.name };
}
