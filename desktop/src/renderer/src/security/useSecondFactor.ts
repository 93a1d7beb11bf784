// The second factor's data and steps (issue 40 split): the status and the
// owner's policy, and each call of the set-up (start, turn on, new codes,
// turn off, require of all staff) with the step it leads to, the form's
// code and password, its error and whether a call is running.
import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ROUTES, type SecondFactorSetup } from '@bakery/core';
import { client as apiClient, messageOf } from '../api/client';
import { useApiQuery } from '../api/useApiQuery';
import { toast } from '../ui/toaster';

export const STATUS_KEY = [ROUTES.secondFactor.path] as const;
const POLICY_KEY = [ROUTES.securityPolicy.path] as const;

export type Step =
  | { kind: 'status' }
  | ({ kind: 'scan' } & SecondFactorSetup)
  | { kind: 'codes'; codes: string[] }
  | { kind: 'disable' }
  | { kind: 'regenerate' };

/** The second factor's status (the header button reads it too). */
export const useSecondFactorStatus = () => useApiQuery(STATUS_KEY, ROUTES.secondFactor);

export function useSecondFactor({
  isOwner,
  onHolding,
}: {
  isOwner: boolean;
  /** True while the recovery codes are on screen: the dialog stays open until they are saved. */
  onHolding?(holding: boolean): void;
}) {
  const client = useQueryClient();
  const status = useSecondFactorStatus();
  const policy = useApiQuery(POLICY_KEY, ROUTES.securityPolicy, { enabled: isOwner });
  const [step, setStep] = useState<Step>({ kind: 'status' });
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(messageOf(err, 'Something went wrong. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  const refresh = () => client.invalidateQueries({ queryKey: STATUS_KEY });
  const go = (next: Step) => {
    setCode('');
    setPassword('');
    setError(null);
    setStep(next);
  };

  const start = () =>
    run(async () => {
      const setup = await apiClient.call(ROUTES.secondFactorSetup);
      go({ kind: 'scan', ...setup });
    });

  const enable = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const done = await apiClient.call(ROUTES.secondFactorEnable, {
        body: { code: code.trim() },
      });
      // The codes first, held on screen until saved: the dialog that opened
      // by itself would otherwise close as soon as the status says "on".
      onHolding?.(true);
      go({ kind: 'codes', codes: done.recoveryCodes });
      await refresh();
    });
  };

  const regenerate = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const done = await apiClient.call(ROUTES.secondFactorRecoveryCodes, {
        body: { code: code.trim() },
      });
      onHolding?.(true);
      go({ kind: 'codes', codes: done.recoveryCodes });
      await refresh();
    });
  };

  const disable = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await apiClient.call(ROUTES.secondFactorDisable, {
        body: { currentPassword: password, code: code.trim() },
      });
      await refresh();
      toast('Second factor turned off', 'Your account now signs in with the password alone.');
      go({ kind: 'status' });
    });
  };

  const setPolicy = (required: boolean) =>
    run(async () => {
      await apiClient.call(ROUTES.saveSecurityPolicy, { body: { staffTotpRequired: required } });
      await client.invalidateQueries({ queryKey: POLICY_KEY });
      await refresh();
    });

  /** "I have saved them": back to the status, the dialog let go. */
  const codesSaved = () => {
    go({ kind: 'status' });
    onHolding?.(false);
    // Every staff call works again once the requirement is met: the
    // screens behind the dialog (and their red bars) load anew.
    void client.invalidateQueries();
  };

  return {
    status,
    policy,
    step,
    go,
    code,
    setCode,
    password,
    setPassword,
    error,
    busy,
    start,
    enable,
    regenerate,
    disable,
    setPolicy,
    codesSaved,
  };
}
