/**
 * 015-document-geo: each document's place on a map — its first geo-location answer (in its
 * form's field order, top-level fields only) as `geo_lat` / `geo_lng`, both null when it has
 * none. A trigger keeps them in step with the answers on every insert (COPY included) and on
 * every change of the answers or of the revision, so no writer can forget them; existing
 * documents are filled here.
 *
 * The Data Explorer's Map view groups a query's documents into grid cells over a bounding box
 * (GET /dashboard/module/map): the two partial indexes below hold, per program + type and per
 * program + module, only the documents that have a place, ordered by latitude, with longitude
 * the submitter and seq beside it, so that a view is one index-only range scan of the documents in
 * its latitude band whatever the table's size.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table documents add column if not exists geo_lat double precision, add column if not exists geo_lng double precision`.execute(
    db,
  );
  await sql`
    create or replace function document_geo_point(answers jsonb, revision_id text, out lat double precision, out lng double precision)
    language sql stable as $$
      select (a.v ->> 'lat')::double precision, (a.v ->> 'lng')::double precision
      from form_revisions r
      cross join lateral jsonb_array_elements(r.structures) with ordinality as f(field, position)
      cross join lateral (select answers -> (f.field ->> 'field_name') as v) a
      where r.id = revision_id
        and f.field ->> 'field_type' = 'geo-location'
        and jsonb_typeof(a.v -> 'lat') = 'number' and jsonb_typeof(a.v -> 'lng') = 'number'
        and abs((a.v ->> 'lat')::double precision) <= 90 and abs((a.v ->> 'lng')::double precision) <= 180
      order by f.position
      limit 1
    $$`.execute(db);
  await sql`
    create or replace function documents_set_geo() returns trigger language plpgsql as $$
    begin
      select g.lat, g.lng into new.geo_lat, new.geo_lng from document_geo_point(new.form_data, new.form_revision_id) g;
      return new;
    end $$`.execute(db);
  await sql`drop trigger if exists documents_geo on documents`.execute(db);
  await sql`
    create trigger documents_geo before insert or update of form_data, form_revision_id on documents
    for each row execute function documents_set_geo()`.execute(db);
  await sql`
    update documents d set geo_lat = g.lat, geo_lng = g.lng
    from documents x cross join lateral document_geo_point(x.form_data, x.form_revision_id) g
    where x.id = d.id and g.lat is not null`.execute(db);
  await sql`
    create index if not exists documents_program_type_geo on documents (program_id, type_id, geo_lat)
    include (geo_lng, created_by, seq) where geo_lat is not null`.execute(db);
  await sql`
    create index if not exists documents_program_module_geo on documents (program_id, module, geo_lat)
    include (geo_lng, created_by, seq) where geo_lat is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists documents_geo on documents`.execute(db);
  await sql`drop function if exists documents_set_geo()`.execute(db);
  await sql`drop function if exists document_geo_point(jsonb, text)`.execute(db);
  await sql`drop index if exists documents_program_type_geo`.execute(db);
  await sql`drop index if exists documents_program_module_geo`.execute(db);
  await sql`alter table documents drop column if exists geo_lat, drop column if exists geo_lng`.execute(db);
}
