// Settings → Connections' data (issue 40 split): the connections, and each
// service's test, save and disconnect. A save or disconnect answers the
// connections anew (secrets never: only how a token ends).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ROUTES,
  type IntegrationService,
  type IntegrationsView,
  type IntegrationTestResult,
} from '@bakery/core';
import { client, messageOf } from '../api/client';
import { useApiQuery } from '../api/useApiQuery';
import { toast } from '../ui/toaster';
import { issuesOf } from './useShopSettings';

export const INTEGRATIONS_KEY = [ROUTES.integrations.path];
const CONFIG_KEY = [ROUTES.config.path];

const TEST_ROUTES = {
  square: ROUTES.testSquareConnection,
  mail: ROUTES.testMailConnection,
  sms: ROUTES.testSmsConnection,
} as const;
const SAVE_ROUTES = {
  square: ROUTES.saveSquareConnection,
  mail: ROUTES.saveMailConnection,
  sms: ROUTES.saveSmsConnection,
} as const;

export const useConnections = () => useApiQuery(INTEGRATIONS_KEY, ROUTES.integrations);

/**
 * One service's calls. The bodies come from the form's fields (the server
 * checks them against the service's schema); `confirm` is her password or an
 * authenticator code. `onTested` has the test's result and the fields it
 * named, `onSaved` clears the secrets after a save or disconnect, and
 * `onRefused` has the fields a refused save named.
 */
export function useConnection({
  service,
  title,
  onTested,
  onSaved,
  onRefused,
}: {
  service: IntegrationService;
  title: string;
  onTested(result: IntegrationTestResult, errors: Record<string, string>): void;
  onSaved(): void;
  onRefused(errors: Record<string, string>): void;
}) {
  const queryClient = useQueryClient();
  const saved = (next: IntegrationsView, what: string) => {
    queryClient.setQueryData(INTEGRATIONS_KEY, next);
    void queryClient.invalidateQueries({ queryKey: CONFIG_KEY });
    onSaved();
    toast(title, what, 'success');
  };
  const test = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      client.call(TEST_ROUTES[service], { body: body as never }),
    onSuccess: (answer) => onTested(answer, {}),
    onError: (err) =>
      onTested({ ok: false, message: messageOf(err, 'The test could not be run') }, issuesOf(err)),
  });
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      client.call(SAVE_ROUTES[service], { body: body as never }),
    onSuccess: (next) => saved(next, 'Saved. It is in use from now on.'),
    onError: (err) => {
      onRefused(issuesOf(err));
      toast(`${title} not saved`, messageOf(err, 'Please try again'));
    },
  });
  const remove = useMutation({
    mutationFn: (confirm: string) =>
      client.call(ROUTES.removeConnection, { params: { service }, body: { confirm } }),
    onSuccess: (next) => saved(next, 'Disconnected.'),
    onError: (err) => toast(`${title} not disconnected`, messageOf(err, 'Please try again')),
  });
  return { test, save, remove };
}
