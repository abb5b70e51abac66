/**
 * The organisation's settings on the auth server: read and change them (can_manage_settings),
 * set or remove the logo (re-encoded like every uploaded image), send a test e-mail through the
 * configured mailer, and, for anyone, the name, logo and language the login page shows.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { problems } from '../http/errors.ts';
import { isPublic, needsFlag } from '../http/permissions.ts';
import { assertTrimmedText, trimTextFields } from '../http/text-fields.ts';
import { PHOTO_MAX_BYTES } from '@model/rules';
import { isTimeZone } from '@model/time-zones.ts';
import { fileKindOf, IMAGE_KINDS } from '../uploads/file-kinds.ts';
import { reencodeImage } from '../uploads/image-reencode.ts';
import { readMultipartForm } from '../uploads/multipart-form.ts';
import { sendStoredFile } from '../uploads/stored-file-reply.ts';
import {
  readLogo,
  readPublicSettings,
  readSettings,
  replaceLogo,
  SETTINGS_RECORD,
  settingsLogRow,
  updateSettings,
  type SettingsChange,
} from './settings-store.ts';
import { changeBody, logoQuery, logoUpload, publicAnswer, settingsAnswer, settingsSchema, testMailAnswer } from './settings-schemas.ts';
import { sendTestMail } from './test-mail.ts';
import type { Db } from '../db/database.ts';
import type { Settings } from '@model/generated';
import { audited, notAudited } from '../changes/audit-declaration.ts';
import { inWriteTransaction } from '../changes/change-log.ts';
import { changeContextOf } from '../changes/change-context.ts';

export const SETTINGS_FLAG = 'can_manage_settings';
const tags = ['Settings'];
const logoTooLarge = () => problems.fileTooLarge('logo', PHOTO_MAX_BYTES);

const manage = { permission: needsFlag(SETTINGS_FLAG) };

/** What the routes that change the settings share: the clock and one write runner. */
function settingsKit(ctx: AppContext) {
  return {
    now: () => ctx.config.clock.now(),
    /** One change of the settings, and its change-log row (before and after), in one transaction. */
    change: (request: FastifyRequest, write: (trx: Db) => Promise<Settings>) =>
      inWriteTransaction(ctx.db, changeContextOf(request), async (trx, changes) => {
        const before = await settingsLogRow(trx);
        const settings = await write(trx);
        changes.record('settings', SETTINGS_RECORD, before, await settingsLogRow(trx));
        return settings;
      }),
  };
}
type SettingsKit = ReturnType<typeof settingsKit>;

function publicSettingsRoute(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/settings/public',
    {
      config: {
        permission: isPublic('the login page shows the organisation name and logo before anyone signs in'),
      },
      schema: {
        tags,
        summary: "The organisation's name, logo address and default language",
        response: { 200: publicAnswer },
      },
    },
    async () => readPublicSettings(ctx.db),
  );
}

function logoRoute(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/settings/logo',
    {
      config: {
        permission: isPublic('the logo is shown on the login page, loaded by <img>, which sends no token'),
        errors: { codes: { 404: ['NOT_FOUND'] }, notes: { 404: 'No logo is set' } },
      },
      schema: {
        tags,
        summary: "The organisation's logo (404 when none is set)",
        querystring: logoQuery,
        produces: IMAGE_KINDS.map((kind) => kind.contentType),
      },
    },
    async (_request, reply) => {
      const logo = await readLogo(ctx.db);
      if (!logo) throw problems.notFound('Logo');
      const ext = IMAGE_KINDS.find((k) => k.contentType === logo.contentType)?.ext ?? 'png';
      return sendStoredFile(reply, logo.content, {
        contentType: logo.contentType,
        disposition: 'inline',
        fileName: `logo.${ext}`,
      });
    },
  );
}

function readSettingsRoute(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/settings',
    {
      config: manage,
      schema: {
        tags,
        summary: "The organisation's settings",
        response: { 200: settingsAnswer },
      },
    },
    async () => readSettings(ctx.db),
  );
}

function changeSettingsRoute(app: FastifyInstance, kit: SettingsKit) {
  app.patch<{ Body: SettingsChange }>(
    '/settings',
    {
      config: { ...manage, audit: audited('update') },
      schema: {
        tags,
        summary: 'Change the settings sent (name, default language, time zone, map tiles URL)',
        body: changeBody,
        response: { 200: settingsAnswer },
      },
      // Trimmed before validation, so a blank name is as missing as none.
      preValidation: async (request) => {
        request.body = trimTextFields(request.body, settingsSchema);
      },
    },
    async (request) => {
      const body = request.body;
      assertTrimmedText(body, settingsSchema);
      if (body.time_zone !== undefined && !isTimeZone(body.time_zone))
        throw problems.validation({
          time_zone: `Unknown time zone "${body.time_zone}": choose one from the list, e.g. Africa/Nairobi or UTC`,
        });
      return kit.change(request, (trx) => updateSettings(trx, body, request.sessionUser!.id, kit.now()));
    },
  );
}

/** The uploaded logo, checked to be an image of a kind we show and re-encoded (metadata dropped). */
async function readLogoUpload(request: FastifyRequest) {
  const upload = await readMultipartForm(request, {
    fileField: 'logo',
    fields: [],
    fileTooLarge: logoTooLarge,
  });
  if (!upload.file) throw problems.validation({ logo: 'Choose a logo (PNG, GIF or JPEG)' });
  const kind = fileKindOf(upload.file.content, IMAGE_KINDS);
  if (!kind) throw problems.unsupportedFile('logo', 'PNG, GIF or JPEG');
  const content = await reencodeImage(upload.file.content, kind, {
    field: 'logo',
    maxBytes: PHOTO_MAX_BYTES,
    tooLarge: logoTooLarge,
  });
  return { content, contentType: kind.contentType };
}

function setLogoRoute(app: FastifyInstance, kit: SettingsKit) {
  app.put(
    '/settings/logo',
    {
      config: {
        ...manage,
        audit: audited('logo-change'),
        errors: {
          codes: { 400: ['INVALID_UPLOAD'], 413: ['FILE_TOO_LARGE'], 415: ['UNSUPPORTED_FILE'] },
          notes: {
            400: 'Also no file, or an image that does not decode or has more than 50 million pixels (VALIDATION_FAILED naming logo)',
            415: 'The file is not a PNG, GIF or JPEG (told by its first bytes)',
          },
        },
      },
      schema: {
        tags,
        summary: `Set the logo: multipart field "logo", PNG, GIF or JPEG, at most ${PHOTO_MAX_BYTES / 1024 / 1024} MB (re-encoded, metadata dropped)`,
        consumes: ['multipart/form-data'],
        multipartBody: logoUpload,
        response: { 200: settingsAnswer },
      },
    },
    async (request) => {
      const logo = await readLogoUpload(request);
      return kit.change(request, (trx) => replaceLogo(trx, logo, request.sessionUser!.id, kit.now()));
    },
  );
}

function removeLogoRoute(app: FastifyInstance, kit: SettingsKit) {
  app.delete(
    '/settings/logo',
    {
      config: { ...manage, audit: audited('logo-remove') },
      schema: {
        tags,
        summary: 'Remove the logo',
        response: { 200: settingsAnswer },
      },
    },
    async (request) => kit.change(request, (trx) => replaceLogo(trx, null, request.sessionUser!.id, kit.now())),
  );
}

function testEmailRoute(app: FastifyInstance, ctx: AppContext) {
  app.post(
    '/settings/test-email',
    {
      config: {
        ...manage,
        // Nothing is written, and the one mail goes to the caller's own address only.
        audit: notAudited("changes nothing: it sends one mail to the caller's own address"),
      },
      schema: {
        tags,
        summary: "Send a test e-mail to one's own address through the configured mailer; answers where it went or why not",
        response: { 200: testMailAnswer },
      },
    },
    async (request) => sendTestMail(ctx, request.sessionUser!.email),
  );
}

export function settingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const kit = settingsKit(ctx);
  publicSettingsRoute(app, ctx);
  logoRoute(app, ctx);
  readSettingsRoute(app, ctx);
  changeSettingsRoute(app, kit);
  setLogoRoute(app, kit);
  removeLogoRoute(app, kit);
  testEmailRoute(app, ctx);
}
