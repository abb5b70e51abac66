/**
 * The generic text-list input on its own: the rules given to it (a schema's list rules) stop a
 * save and show their message, and its fixed texts stay first whatever is typed.
 */
import { describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach } from 'vitest';
import { AdminContext, ResourceContextProvider, SaveButton, SimpleForm, Toolbar } from 'react-admin';
import { TextListInput, withFixedFirst } from '../../src/resources/generic/TextListInput';
import { i18nProvider } from '../../src/providers/i18n-provider';

afterEach(cleanup);

describe('the text list input', () => {
  it('runs the rules it is given and shows their message on save', async () => {
    const save = vi.fn();
    const atLeastThree = (value: unknown) => (Array.isArray(value) && value.length < 3 ? 'Give at least three' : undefined);
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <ResourceContextProvider value="case_type">
          <SimpleForm
            onSubmit={save}
            defaultValues={{ tags: ['Open', 'Closed'] }}
            toolbar={
              <Toolbar>
                <SaveButton label="Save" alwaysEnable />
              </Toolbar>
            }
          >
            <TextListInput source="tags" label="Tags" fixed={['Open', 'Closed']} validate={[atLeastThree]} />
          </SimpleForm>
        </ResourceContextProvider>
      </AdminContext>,
    );
    fireEvent.click(await screen.findByRole('button', { name: /save/i }));
    expect(await screen.findByText('Give at least three')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
    const input = screen.getByLabelText('Tags');
    fireEvent.change(input, { target: { value: 'Referred' } });
    fireEvent.keyDown(input, { key: ',' });
    fireEvent.click(screen.getByRole('button', { name: /save/i }));
    await waitFor(() => expect(save).toHaveBeenCalled());
    expect(save.mock.calls[0]![0]).toEqual({ tags: ['Open', 'Closed', 'Referred'] });
  });

  it('keeps fixed texts first and each text once', () => {
    expect(withFixedFirst(['Open', 'Closed'], ['Closed', ' Referred ', 'Open', 'Referred', ''])).toEqual(['Open', 'Closed', 'Referred']);
  });

  it('refuses a chip already in the list in another case, saying so, and sends the list without it', async () => {
    const save = vi.fn();
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <ResourceContextProvider value="case_type">
          <SimpleForm
            onSubmit={save}
            defaultValues={{ tags: ['Open', 'Closed', 'Referred'] }}
            toolbar={
              <Toolbar>
                <SaveButton label="Save" alwaysEnable />
              </Toolbar>
            }
          >
            <TextListInput source="tags" label="Tags" fixed={['Open', 'Closed']} />
          </SimpleForm>
        </ResourceContextProvider>
      </AdminContext>,
    );
    const input = await screen.findByLabelText('Tags');
    for (const text of ['open', ' REFERRED ']) {
      fireEvent.change(input, { target: { value: text } });
      fireEvent.keyDown(input, { key: ',' });
      expect(await screen.findByText(`"${text.trim()}" is already in the list`)).toBeTruthy();
    }
    expect(screen.queryByRole('button', { name: 'open' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /save/i }));
    await waitFor(() => expect(save).toHaveBeenCalled());
    expect(save.mock.calls[0]![0]).toEqual({ tags: ['Open', 'Closed', 'Referred'] });
  });
});
