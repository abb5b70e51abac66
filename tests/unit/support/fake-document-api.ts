/**
 * A fake api (MSW) for the dashboard and the document drawer, answering the documents contract's
 * shapes: the three counts, the recently processed documents, documents per day, a document by id
 * or by local id, marking it processed, and its attachments — these only with the bearer token,
 * as the real server. It records every request (with its Authorization header), and can be told
 * to refuse the next call to a path.
 */
import { setupServer } from 'msw/node';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import type { Document } from '@model/generated';
import type { FormField } from '@model/forms/field-definition';
import { API } from './fixture-api';

/** The smallest PNG: one transparent pixel. */
export const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='),
  (c) => c.charCodeAt(0),
);

export const FIELDS: FormField[] = [
  { field_label: 'Household head', field_name: 'head', field_type: 'text', order: 1 },
  { field_label: 'Photo of the house', field_name: 'photo', field_type: 'image', order: 2 },
  { field_label: 'Visit day', field_name: 'visit_day', field_type: 'date', order: 3 },
  { field_label: 'Visited at', field_name: 'visited_at', field_type: 'date-time', order: 4 },
  {
    field_label: 'County',
    field_name: 'county',
    field_type: 'dropdown',
    order: 5,
    extra_details: { option_choice: 'nairobi: Nairobi City\nkisumu: Kisumu Lakeside' },
  },
  {
    field_label: 'Children',
    field_name: 'children',
    field_type: 'field-group',
    order: 6,
    validation: { is_repeater: true, max_repeater: 10 },
    extra_details: {
      fields: [
        { field_label: 'Child name', field_name: 'child_name', field_type: 'text' },
        {
          field_label: 'School',
          field_name: 'school',
          field_type: 'radio',
          extra_details: { option_choice: 'y: In school\nn: Not in school' },
        },
      ],
    },
  },
  { field_label: 'Members', field_name: 'members', field_type: 'beneficiaries', order: 7 },
  { field_label: 'Location', field_name: 'where', field_type: 'geo-location', order: 8 },
  { field_label: 'Signature', field_name: 'sign', field_type: 'signature', order: 9 },
  { field_label: 'Route', field_name: 'route', field_type: 'geo-trace', order: 10 },
  { field_label: 'Owns land', field_name: 'land', field_type: 'boolean', order: 11 },
  {
    field_label: 'Land size',
    field_name: 'land_size',
    field_type: 'number',
    order: 12,
    validation: { condition_chack: true, cond_logic: [{ field_name: 'land', show: 'is-equal-to', value: 'true' }] },
  },
];

const base = {
  doc_type: 'BENEFICIARY' as const,
  module: 'beneficiaries' as const,
  program_id: 'p1',
  program_slug: 'water-for-all',
  program_name: 'Water for All',
  type_id: 'bt1',
  type_name: 'Household',
  beneficiary_type_name: 'Household',
  form_id: 'f1',
  form_revision_id: 'rev3',
  form_version: 3,
  user_object: { _id: 'u2', first_name: 'Grace', last_name: 'Hopper' },
  updatedAt: '2026-11-20T09:00:00.000Z',
};

function answers(values: Record<string, unknown>, fields: FormField[]): Document['form_data'] {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, { label: fields.find((f) => f.field_name === name)?.field_label ?? name, value }]),
  );
}

export function seedDocuments(): Document[] {
  const member = (id: string, local: string, name: string | null): Document => ({
    ...base,
    _id: id,
    local_id: local,
    createdAt: '2026-11-01T08:00:00.000Z',
    processed: false,
    processedAt: null,
    cursor: id,
    form_fields: { structures: [FIELDS[0]!] },
    form_data: name ? answers({ head: name }, FIELDS) : {},
  });
  return [
    {
      ...base,
      _id: 'doc-1',
      local_id: 'local-1',
      createdAt: '2026-11-20T08:30:00.000Z',
      processed: false,
      processedAt: null,
      cursor: '101',
      form_fields: { structures: FIELDS },
      form_data: answers(
        {
          head: 'Wanjiru Kamau',
          photo: 'a1b2.png',
          visit_day: '2026-11-19',
          visited_at: '2026-11-19T12:05:00.000Z',
          county: 'kisumu',
          children: [
            { child_name: 'Amani', school: 'y' },
            { child_name: 'Baraka', school: 'n' },
          ],
          members: ['ben-1', 'ben-2'],
          where: { lat: -0.0917, lng: 34.768 },
          sign: 'c3d4.png',
          route: [{ lat: 1, lng: 2 }],
          land: false,
          land_size: 4,
        },
        FIELDS,
      ),
    },
    {
      ...base,
      _id: 'doc-2',
      local_id: 'local-2',
      type_name: 'Farmer',
      createdAt: '2026-11-18T12:00:00.000Z',
      processed: true,
      processedAt: '2026-11-19T10:00:00.000Z',
      cursor: '100',
      user_object: { _id: 'u3', first_name: 'Alan', last_name: 'Turing' },
      form_fields: { structures: [FIELDS[0]!] },
      form_data: answers({ head: 'Otieno Odhiambo' }, FIELDS),
    },
    member('ben-1', 'local-ben-1', 'Achieng Otieno'),
    member('ben-2', 'local-ben-2', null),
  ];
}

const summary = ({ form_data: _data, form_fields: _fields, ...rest }: Document) => rest;

export interface SeenRequest {
  method: string;
  path: string;
  search: string;
  authorization: string | null;
}

function freshState() {
  return {
    documents: seedDocuments(),
    counts: { programsCount: 12, formsCount: 1234, totalDocumentCount: 1_000_000 },
    daily: Array.from({ length: 30 }, (_, i) => ({ day: `2026-11-${String(i + 1).padStart(2, '0')}`, count: i % 7 })),
    /** Ids of the recently processed list, newest processed first. */
    recent: ['doc-2'],
    seen: [] as SeenRequest[],
  };
}

export function createDocumentApi() {
  const state = freshState();
  const find = (id: unknown) => state.documents.find((d) => d._id === id);
  const notFound = () => HttpResponse.json({ message: 'No document found', code: 'DOCUMENT_NOT_FOUND' }, { status: 404 });
  const signedIn = (request: Request) => request.headers.get('authorization') === 'Bearer tok-1';

  const server = setupServer(
    http.get(`${API}/dashboard/static`, () => HttpResponse.json(state.counts)),
    http.get(`${API}/dashboard/lastupdated`, () => HttpResponse.json(state.recent.map((id) => summary(find(id)!)))),
    http.get(`${API}/dashboard/daily`, () => HttpResponse.json(state.daily)),
    http.get(`${API}/dashboard/document`, ({ request }) => {
      const local = new URL(request.url).searchParams.get('local_id');
      const doc = state.documents.find((d) => d.local_id === local);
      return doc ? HttpResponse.json(doc) : notFound();
    }),
    http.get(`${API}/document/:id`, ({ params }) => {
      const doc = find(params.id);
      return doc ? HttpResponse.json(doc) : notFound();
    }),
    http.post(`${API}/document/:id/processed`, ({ params }) => {
      const doc = find(params.id);
      if (!doc) return notFound();
      Object.assign(doc, { processed: true, processedAt: '2026-11-26T10:00:00.000Z' });
      state.recent = [doc._id, ...state.recent.filter((id) => id !== doc._id)];
      return HttpResponse.json(doc);
    }),
    http.get(`${API}/document/:id/attachment/:name`, ({ params, request }) => {
      const doc = find(params.id);
      const named = doc && JSON.stringify(doc.form_data).includes(`"${String(params.name)}"`);
      if (!signedIn(request) || !named) return notFound();
      return new HttpResponse(PNG, { headers: { 'Content-Type': 'image/png', 'Content-Disposition': 'inline' } });
    }),
  );
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    state.seen.push({
      method: request.method,
      path: url.pathname,
      search: url.search,
      authorization: request.headers.get('authorization'),
    });
  });

  return {
    server,
    state,
    /** Calls with this method to this path (below the api server) answer this instead, until the next test (or only the next call). */
    refuse(method: 'get' | 'post', path: string, status: number, answer: JsonBodyType, once = false) {
      server.use(http[method](`${API}${path}`, () => HttpResponse.json(answer, { status }), { once }));
    },
    reset() {
      Object.assign(state, freshState());
      server.resetHandlers();
    },
  };
}
