/** A moment as DD/MM/YYYY HH:MM (in English; the language's own form otherwise) in the viewer's time zone (spec 2 §9); '' for none. */
export { formatMoment as formatDateTime } from '../../i18n/format';
