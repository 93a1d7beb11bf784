// The test server with the kitchen router mounted. Once routes/index.ts lists
// kitchenRouter, startTestServer's own app already serves it; until then a
// second app is built from createApp on the same deps and database with the
// router added (the static fallback runs after the routers, so it still works).
import type { AddressInfo } from 'node:net';
import { createApp } from '../../src/app.js';
import { routers } from '../../src/routes/index.js';
import { kitchenRouter } from '../../src/routes/kitchen.js';
import { startTestServer } from '../support/testServer.js';

export async function startKitchenServer() {
  const base = await startTestServer();
  const mounted = routers(base.deps).some((router) =>
    router.stack.some((layer) => layer.path === '/api/availability'),
  );
  if (mounted) return base;

  const app = createApp(base.deps);
  const router = kitchenRouter(base.deps);
  app.use(router.routes());
  app.use(router.allowedMethods());
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    ...base,
    baseUrl,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await base.close();
    },
  };
}

export type KitchenServer = Awaited<ReturnType<typeof startKitchenServer>>;
