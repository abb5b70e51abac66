/**
 * The custom forms' texts: the forms table, the builder, the preview, revisions and view lists
 * (one file per part, combined here). The custom form's own labels are data, never here.
 */
import { builder, check, operators, types } from './forms-builder';
import { compiler, preview } from './forms-preview';
import { changes, revisions } from './forms-revisions';
import { view_lists } from './forms-view-lists';

/** Words several screens of the area share. */
const common = {
  fields: '1 field |||| %{smart_count} fields',
  quoted: '“%{text}”',
  separator: ', ',
  semicolon: '; ',
  something_wrong: 'Something went Wrong',
};

/** The forms table (/custom-form) and the note under a form picker. */
const list = {
  view_list: 'View List',
  empty: 'No form found with this name',
  delete_warning: 'Its published revisions are deleted with it.',
  not_published: 'Not published',
  revisions: '1 revision |||| %{smart_count} revisions',
  unpublished: {
    only_published: 'Only published forms can be picked.',
    not_listed: 'Not published yet, so not listed:',
    open_to_publish: 'open “%{name}” to publish it',
    more: 'and %{count} more',
  },
};

export const forms = { common, list, builder, types, operators, check, preview, compiler, revisions, changes, view_lists };
