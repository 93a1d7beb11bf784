// @vitest-environment jsdom
// Issue 15: the admin login's code step and the two-step sign-in panel,
// against the API answers of docs/api.md (fetch answered from a route table).
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubFetch } from '../test/harness';
import { AdminLoginPage } from '../auth/AdminLoginPage';
import {
  groupedKey,
  recoveryCodesText,
  SecondFactorButton,
  SecondFactorPanel,
} from './SecondFactorPanel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const me = { id: 'u1', role: 'owner', email: 'o@b.test', firstName: 'O', lastName: 'B' };

describe('admin login with a second factor', () => {
  it('asks for the code after the password, refuses a wrong one, then signs in', async () => {
    let signedIn = false;
    const calls = stubFetch({
      'GET /api/admin/me': () => (signedIn ? [200, me] : [401, { message: 'Not signed in' }]),
      'POST /api/admin/auto-login': () => [401, { message: 'Not signed in' }],
      'POST /api/admin/login': () => [
        401,
        {
          code: 'second_factor_required',
          message: 'Enter the 6-digit code from your authenticator app',
          secondFactorRequired: true,
        },
      ],
      'POST /api/admin/login/second-factor': (call) => {
        if ((call.body as { code: string }).code !== '123456')
          return [
            401,
            { code: 'invalid_second_factor', message: 'Invalid code. Please try again.' },
          ];
        signedIn = true;
        return [200, { success: true }];
      },
    });
    renderScreen(
      <Routes>
        <Route path="/admin/login" element={<AdminLoginPage />} />
        <Route path="/admin/dashboard" element={<h1>Dashboard here</h1>} />
      </Routes>,
      { path: '/admin/login' },
    );
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'o@b.test' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'a-long-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    const code = await screen.findByLabelText('Authentication code');
    expect(screen.queryByLabelText('Password')).toBeNull();
    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid code. Please try again.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard here' })).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/admin/login/second-factor')).toHaveLength(2);
  });
});

describe('two-step sign-in panel', () => {
  it('sets up the app: shows the key, turns on with a code, shows the recovery codes once', async () => {
    let enabled = false;
    stubFetch({
      'GET /api/admin/second-factor': () => [
        200,
        { enabled, required: false, recoveryCodesLeft: enabled ? 10 : 0 },
      ],
      'GET /api/admin/security-policy': () => [200, { staffTotpRequired: false }],
      'POST /api/admin/second-factor/setup': () => [
        200,
        { secret: 'JBSWY3DPEHPK3PXPJBSWY3DP', otpauthUrl: 'otpauth://totp/x?secret=JBSW' },
      ],
      'POST /api/admin/second-factor/enable': () => {
        enabled = true;
        return [200, { success: true, recoveryCodes: ['abcde-fghjk', 'mnpqr-stuvw'] }];
      },
    });
    renderScreen(<SecondFactorPanel isOwner />);
    expect(await screen.findByText('Off (password only)')).toBeTruthy();
    expect(
      screen.getByRole('switch', { name: 'Require a second factor for all staff' }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Set up' }));
    expect(await screen.findByLabelText('Key')).toHaveTextContent(
      groupedKey('JBSWY3DPEHPK3PXPJBSWY3DP'),
    );
    fireEvent.change(screen.getByLabelText('Code from your authenticator app'), {
      target: { value: '123456' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('abcde-fghjk')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'I have saved them' }));
    await waitFor(() => expect(screen.getByText('On (authenticator app)')).toBeTruthy());
    expect(screen.queryByText('abcde-fghjk')).toBeNull();
    expect(screen.getByText('Recovery codes left: 10')).toBeTruthy();
  });

  it('says so when the owner requires it and offers no way to turn it off', async () => {
    stubFetch({
      'GET /api/admin/second-factor': () => [
        200,
        { enabled: false, required: true, recoveryCodesLeft: 0 },
      ],
    });
    renderScreen(<SecondFactorPanel isOwner={false} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The owner requires a second factor for all staff',
    );
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('walks a new staff member through the first set-up when it is on by default', async () => {
    stubFetch({
      'GET /api/admin/second-factor': () => [
        200,
        { enabled: false, required: true, requiredBy: 'new-staff', recoveryCodesLeft: 0 },
      ],
    });
    renderScreen(<SecondFactorPanel isOwner={false} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Set up two-step sign-in');
    expect(alert).toHaveTextContent('Enter the 6-digit code the app shows.');
    expect(screen.getByRole('button', { name: 'Set up' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Turn off' })).toBeNull();
  });
});

describe('first sign-in of a new staff member (issue 38)', () => {
  it('shows the QR code beside the key, and keeps the dialog open on the recovery codes until saved', async () => {
    let enabled = false;
    stubFetch({
      'GET /api/admin/second-factor': () => [
        200,
        { enabled, required: true, requiredBy: 'new-staff', recoveryCodesLeft: enabled ? 10 : 0 },
      ],
      'POST /api/admin/second-factor/setup': () => [
        200,
        {
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
          otpauthUrl: 'otpauth://totp/x?secret=JBSW',
          qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
        },
      ],
      'POST /api/admin/second-factor/enable': () => {
        enabled = true;
        return [200, { success: true, recoveryCodes: ['abcde-fghjk', 'mnpqr-stuvw'] }];
      },
    });
    renderScreen(<SecondFactorButton role="owner" />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await screen.findByRole('button', { name: 'Set up' }));
    const qr = await screen.findByRole('img', {
      name: 'QR code of the key, for the authenticator app to scan',
    });
    expect(qr.getAttribute('src')).toBe('data:image/svg+xml;base64,PHN2Zy8+');
    expect(screen.getByLabelText('Key')).toHaveTextContent(groupedKey('JBSWY3DPEHPK3PXPJBSWY3DP'));
    fireEvent.change(screen.getByLabelText('Code from your authenticator app'), {
      target: { value: '123456' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    // The status now says "on": the dialog stays, with the codes, and cannot be closed yet.
    expect(await screen.findByText('abcde-fghjk')).toBeTruthy();
    await waitFor(() => expect(enabled).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(screen.getByText('mnpqr-stuvw')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Download as .txt' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'I have saved them' }));
    await waitFor(() => expect(screen.queryByText('abcde-fghjk')).toBeNull());
  });

  it('writes the codes in a text file, one a line', () => {
    expect(recoveryCodesText(['abcde-fghjk', 'mnpqr-stuvw'], 'o@b.test').split('\n')).toEqual([
      "Recovery codes for the bakery's back office (o@b.test)",
      'Each signs you in once without your phone. Keep them somewhere safe.',
      '',
      'abcde-fghjk',
      'mnpqr-stuvw',
      '',
    ]);
  });
});
