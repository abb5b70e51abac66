/**
 * A newer toast replaces the one on screen at once: a success does not wait out a stale
 * error's 4 seconds (react-admin alone queues them). Notified from code, not by a click, since
 * any click closes a toast by itself ("click away").
 */
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, useNotify } from 'react-admin';
import { AppNotification, TOAST_MS } from '../../src/layout/AppNotification';

type Notify = ReturnType<typeof useNotify>;
let notify: Notify;
const keepNotify = (n: Notify) => {
  notify = n;
};
/** Hands the test react-admin's notify, from an effect (a render must not write outside itself). */
const GrabNotify = () => {
  const n = useNotify();
  useEffect(() => keepNotify(n), [n]);
  return null;
};

afterEach(cleanup);

describe('AppNotification', () => {
  it('shows a success at once, closing the error toast that was showing', async () => {
    render(
      <AdminContext>
        <GrabNotify />
        <AppNotification />
      </AdminContext>,
    );
    act(() => notify('Something went wrong on the server', { type: 'error' }));
    expect(await screen.findByText('Something went wrong on the server')).toBeTruthy();

    const sent = Date.now();
    act(() => notify('User updated', { type: 'success' }));
    expect(await screen.findByText('User updated', undefined, { timeout: 1_500 })).toBeTruthy();
    expect(Date.now() - sent).toBeLessThan(TOAST_MS / 2);
    await waitFor(() => expect(screen.queryByText('Something went wrong on the server')).toBeNull());
  });

  it('shows a success at once even with an older toast queued before it, which it drops as stale', async () => {
    render(
      <AdminContext>
        <GrabNotify />
        <AppNotification />
      </AdminContext>,
    );
    act(() => notify('Error in Adding User', { type: 'error' }));
    expect(await screen.findByText('Error in Adding User')).toBeTruthy();
    act(() => {
      notify('The form is not valid. Please check for errors', { type: 'warning' });
      notify('Added User Successfully', { type: 'success' });
    });
    expect(await screen.findByText('Added User Successfully', undefined, { timeout: 1_500 })).toBeTruthy();
    expect(screen.queryByText('Error in Adding User')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.queryByText('The form is not valid. Please check for errors')).toBeNull();
    expect(screen.queryByText('Added User Successfully')).toBeTruthy();
  });

  it('lets any other toast wait its turn, so a form warning does not wipe out the server’s error', async () => {
    render(
      <AdminContext>
        <GrabNotify />
        <AppNotification />
      </AdminContext>,
    );
    act(() => notify('A designation with this name already exists', { type: 'error' }));
    expect(await screen.findByText('A designation with this name already exists')).toBeTruthy();
    act(() => notify('The form is not valid. Please check for errors', { type: 'warning' }));
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(screen.queryByText('A designation with this name already exists')).toBeTruthy();
    expect(screen.queryByText('The form is not valid. Please check for errors')).toBeNull();
  });
});
