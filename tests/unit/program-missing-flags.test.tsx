/**
 * A program's Overview tells a role what it cannot do and which flag it lacks, instead of
 * leaving out Lock and Edit without a word: a program manager (no can_lock_program, no
 * can_edit_document) reads why there is no Lock and no Edit beside the name; a role without
 * can_edit_program why there is no Edit at all. A role holding the flags reads no such note.
 */
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { createProgramApi, renderProgramDetail } from './support/fake-program-api';
import { withFakeServer } from './support/fake-server-lifecycle';
import { flagsExcept } from './support/render-console';

const api = createProgramApi();
withFakeServer(api);

const card = (name: string) => screen.findByRole('region', { name });

describe('program overview: what a role lacks, by flag', () => {
  it('says a program manager lacks can_lock_program and can_edit_document', async () => {
    renderProgramDetail('/program/p1', flagsExcept('can_lock_program', 'can_edit_document'));
    const lock = await card('Program Lock');
    expect(within(lock).queryByRole('button', { name: 'Lock' })).toBeNull();
    expect(within(lock).getByText("You don't have permission to lock programs (can_lock_program)")).toBeTruthy();
    const overview = await card('Program Overview');
    expect(within(overview).queryByRole('link', { name: 'Edit program' })).toBeNull();
    expect(within(overview).getByText("You don't have permission to edit the program's name (can_edit_document)")).toBeTruthy();
  });

  it('says a role without can_edit_program cannot edit the program', async () => {
    renderProgramDetail('/program/p1', flagsExcept('can_edit_program'));
    const overview = await card('Program Overview');
    expect(within(overview).queryByRole('link', { name: 'Edit program heads' })).toBeNull();
    expect(within(overview).getByText("You don't have permission to edit programs (can_edit_program)")).toBeTruthy();
  });

  it('says nothing of flags to a role that holds them', async () => {
    renderProgramDetail('/program/p1');
    const overview = await card('Program Overview');
    expect(within(overview).getByRole('link', { name: 'Edit program' })).toBeTruthy();
    expect(screen.queryByText(/You don't have permission/)).toBeNull();
  });
});
