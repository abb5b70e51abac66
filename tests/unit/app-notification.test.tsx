/**
 * A newer toast replaces the one on screen at once: a success does not wait out a stale
 * error's 4 seconds (react-admin alone queues them). Notified from code, not by a click, since
 * any click closes a toast by itself ("click away").
 */
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
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

/**
 * Moves the test's own clock (vi.useFakeTimers) on, in steps as time passes, so each timer's
 * effects render before the next fires: "at once" is then well inside the 4 seconds of a toast,
 * however busy the machine.
 */
const advance = (ms: number) => {
  for (let t = 0; t < ms; t += 50) act(() => vi.advanceTimersByTime(50));
};

/** The toasts of the app, with react-admin's notify handed to the test. */
const renderToasts = () =>
  render(
    <AdminContext>
      <GrabNotify />
      <AppNotification />
    </AdminContext>,
  );

describe('AppNotification', () => {
  it('shows a success at once, closing the error toast that was showing', () => {
    vi.useFakeTimers();
    try {
      renderToasts();
      act(() => notify('Something went wrong on the server', { type: 'error' }));
      advance(100);
      expect(screen.getByText('Something went wrong on the server')).toBeTruthy();

      act(() => notify('User updated', { type: 'success' }));
      advance(TOAST_MS / 4);
      expect(screen.getByText('User updated')).toBeTruthy();
      expect(screen.queryByText('Something went wrong on the server')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows a success at once even with an older toast queued before it, which it drops as stale', () => {
    vi.useFakeTimers();
    try {
      renderToasts();
      act(() => notify('Error in Adding User', { type: 'error' }));
      advance(100);
      expect(screen.getByText('Error in Adding User')).toBeTruthy();
      act(() => {
        notify('The form is not valid. Please check for errors', { type: 'warning' });
        notify('Added User Successfully', { type: 'success' });
      });
      advance(TOAST_MS / 4);
      expect(screen.getByText('Added User Successfully')).toBeTruthy();
      expect(screen.queryByText('Error in Adding User')).toBeNull();
      expect(screen.queryByText('The form is not valid. Please check for errors')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('lets any other toast wait its turn, so a form warning does not wipe out the server’s error', async () => {
    renderToasts();
    act(() => notify('A designation with this name already exists', { type: 'error' }));
    expect(await screen.findByText('A designation with this name already exists')).toBeTruthy();
    act(() => notify('The form is not valid. Please check for errors', { type: 'warning' }));
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(screen.queryByText('A designation with this name already exists')).toBeTruthy();
    expect(screen.queryByText('The form is not valid. Please check for errors')).toBeNull();
  });
});
