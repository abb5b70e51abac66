/**
 * A choice field backed by a view list, as a form shows it: compiled from its definition, drawn
 * by RJSF with the console's widgets, searching and paging a 100,000-row list on a fake api.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import Form from '@rjsf/mui';
import { formValidator as validator } from '../../src/forms/preview/form-validator';
import { compileForm } from '@model/forms/compile-form';
import type { FormField } from '@model/forms/field-definition';
import { formWidgets } from '../../src/forms/widgets';
import { setRuntimeConfig } from '../../src/config/runtime-config';
import { signIn } from './support/session';
import { API, AUTH } from './support/fixture-api';

/** 100,000 rows: "Town 1" … with a county beside each, and Kisumu far down the sheet. */
const ROWS = Array.from({ length: 100_000 }, (_, i) => {
  const n = i + 1;
  const town = n === 73_210 ? 'Kisumu' : n === 88_001 ? 'Kisii' : `Town ${n}`;
  return { _id: String(n), label: town, cells: [town, n === 73_210 ? 'Kisumu County' : `County ${n % 47}`] };
});

const asked: Array<{ q: string | null; range: [number, number] }> = [];

const server = setupServer(
  http.get(`${API}/listview/:id/rows`, ({ request, params }) => {
    if (params.id !== 'towns') return HttpResponse.json({ message: 'View list not found', code: 'NOT_FOUND' }, { status: 404 });
    const url = new URL(request.url);
    const q = url.searchParams.get('q');
    const range = JSON.parse(url.searchParams.get('range') ?? '[0,19]') as [number, number];
    asked.push({ q, range });
    const matching = q ? ROWS.filter((r) => r.cells.join(' ').toLowerCase().includes(q.toLowerCase())) : ROWS;
    const page = matching.slice(range[0], range[1] + 1);
    // As the server counts: a search's matches up to 10,000, then "more than".
    const total = q && matching.length > 10_000 ? '10000+' : String(matching.length);
    return HttpResponse.json(page, {
      headers: { 'Content-Range': `listview ${range[0]}-${range[0] + Math.max(page.length - 1, 0)}/${total}` },
    });
  }),
);

const town: FormField = { field_label: 'Town', field_name: 'town', field_type: 'dropdown', url: 'towns' };
const towns: FormField = { field_label: 'Towns visited', field_name: 'towns', field_type: 'multiple-select', url: 'towns' };

/** The field's input, focused as a person's click or tab would. */
function typing(input: HTMLElement) {
  input.focus();
  return input as HTMLInputElement;
}

function renderForm(fields: FormField[]) {
  const { schema, uiSchema } = compileForm(fields);
  const onChange = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Form schema={schema} uiSchema={uiSchema} widgets={formWidgets} validator={validator} onChange={(e) => onChange(e.formData)} />
    </QueryClientProvider>,
  );
  return {
    field: (label: string) => typing(screen.getByLabelText(label)),
    answers: () => onChange.mock.calls.at(-1)?.[0] as Record<string, unknown> | undefined,
  };
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  asked.length = 0;
  localStorage.clear();
  setRuntimeConfig({ authUrl: AUTH, apiUrl: API });
  signIn('tok-1', { can_get_listview: true });
});
afterEach(cleanup);
afterAll(() => server.close());

describe('a choice field backed by a view list', () => {
  it('sends what was typed as q, once typing pauses, and shows the matching rows in words', async () => {
    const input = renderForm([town]).field('Town');
    fireEvent.change(input, { target: { value: 'K' } });
    fireEvent.change(input, { target: { value: 'Ki' } });
    fireEvent.change(input, { target: { value: 'Kis' } });
    const listbox = await screen.findByRole('listbox');
    expect(await within(listbox).findByText('Kisumu')).toBeTruthy();
    expect(within(listbox).getByText('Kisumu County')).toBeTruthy();
    expect(within(listbox).getByText('Kisii')).toBeTruthy();
    // One search for the three letters: the keystrokes before the pause asked nothing.
    expect(asked.filter((a) => a.q !== null)).toEqual([{ q: 'Kis', range: [0, 24] }]);
  });

  it('stores the chosen row as its text', async () => {
    const form = renderForm([town]);
    const input = form.field('Town');
    fireEvent.change(input, { target: { value: 'kisu' } });
    fireEvent.click(await screen.findByText('Kisumu'));
    await waitFor(() => expect(form.answers()).toEqual({ town: 'Kisumu' }));
    expect(input.value).toBe('Kisumu');
  });

  it('says so when no row contains the text', async () => {
    fireEvent.change(renderForm([town]).field('Town'), { target: { value: 'Atlantis' } });
    expect(await screen.findByText('No row contains "Atlantis"')).toBeTruthy();
  });

  it('asks for the next 25 rows when the list is scrolled to its end, and for more on "Load more"', async () => {
    fireEvent.mouseDown(renderForm([town]).field('Town'));
    const listbox = await screen.findByRole('listbox');
    expect(await within(listbox).findByText('Town 25')).toBeTruthy();
    expect(within(listbox).queryByText('Town 26')).toBeNull();
    expect(within(listbox).getByText('25 of 100,000 rows')).toBeTruthy();
    fireEvent.scroll(listbox);
    expect(await within(listbox).findByText('Town 50')).toBeTruthy();
    fireEvent.click(within(listbox).getByText('Load more'));
    expect(await within(listbox).findByText('Town 75')).toBeTruthy();
    expect(asked.map((a) => a.range)).toEqual([
      [0, 24],
      [25, 49],
      [50, 74],
    ]);
  });

  it('says "more than" when the server stopped counting, and still pages on', async () => {
    fireEvent.change(renderForm([town]).field('Town'), { target: { value: 'town' } });
    const listbox = await screen.findByRole('listbox');
    expect(await within(listbox).findByText('25 of more than 10,000 rows')).toBeTruthy();
    fireEvent.click(within(listbox).getByText('Load more'));
    expect(await within(listbox).findByText('Town 50')).toBeTruthy();
    expect(within(listbox).getByText('50 of more than 10,000 rows')).toBeTruthy();
  });

  it('keeps several picks for a multiple-select, as a list of text, with the search still open', async () => {
    const form = renderForm([towns]);
    const input = form.field('Towns visited');
    fireEvent.change(input, { target: { value: 'kis' } });
    fireEvent.click(await screen.findByText('Kisumu'));
    await waitFor(() => expect(form.answers()).toEqual({ towns: ['Kisumu'] }));
    // The same search, still listed: a second pick from it needs no retyping.
    expect(input.value).toBe('kis');
    fireEvent.click(screen.getByText('Kisii'));
    await waitFor(() => expect(form.answers()).toEqual({ towns: ['Kisumu', 'Kisii'] }));
    fireEvent.change(input, { target: { value: 'Town 7' } });
    fireEvent.click(await screen.findByText('Town 7'));
    await waitFor(() => expect(form.answers()).toEqual({ towns: ['Kisumu', 'Kisii', 'Town 7'] }));
  });

  it('abandons a search the person has typed past', async () => {
    // A slow answer to "Kisu": the fetch for it is cancelled once "Kisum" is searched instead.
    server.use(
      http.get(`${API}/listview/:id/rows`, async ({ request }) => {
        if (new URL(request.url).searchParams.get('q') !== 'Kisu') return undefined;
        await new Promise((resolve) => setTimeout(resolve, 5_000));
        return HttpResponse.json([]);
      }),
    );
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    try {
      const input = renderForm([town]).field('Town');
      fireEvent.change(input, { target: { value: 'Kisu' } });
      const slow = () => fetchSpy.mock.calls.find(([url]) => new URL(String(url)).searchParams.get('q') === 'Kisu');
      await waitFor(() => expect(slow()).toBeDefined());
      fireEvent.change(input, { target: { value: 'Kisum' } });
      expect(await screen.findByText('Kisumu')).toBeTruthy();
      expect((slow()![1]!.signal as AbortSignal).aborted).toBe(true);
    } finally {
      fetchSpy.mockRestore();
      server.resetHandlers();
    }
  });
});
