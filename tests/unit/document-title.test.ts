// @vitest-environment node
/** Each screen's tab title, from its address as the breadcrumb names it, the page first. */
import { describe, expect, it } from 'vitest';
import { titleFor } from '../../src/layout/DocumentTitle';

describe('the tab title of a screen', () => {
  it.each([
    ['/', 'Dashboard · Fieldbase'],
    ['/dashboard', 'Dashboard · Fieldbase'],
    ['/user', 'Users · Fieldbase'],
    ['/user/add', 'Add · Users · Fieldbase'],
    ['/role/permission/r1', 'Permissions · Roles · Fieldbase'],
    ['/custom-form/add-new', 'Add · Custom Forms · Fieldbase'],
    ['/custom-form/form-revisions/f1', 'Revisions · Custom Forms · Fieldbase'],
    ['/program/p1', 'Details · Programs · Fieldbase'],
    ['/settings', 'Settings · Fieldbase'],
    ['/support/', 'Support · Fieldbase'],
    ['/login', 'Sign in · Fieldbase'],
    ['/otp', 'Forgot password · Fieldbase'],
  ])('%s is "%s"', (path, title) => {
    expect(titleFor(path)).toBe(title);
  });
});
