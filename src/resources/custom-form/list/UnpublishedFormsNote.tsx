/**
 * Under a form picker (a type record's form): the picker lists published forms only, since a
 * draft cannot be filled in, so a form someone is looking for may be missing from it without a
 * word. This says so, and names the active forms not published yet (the most recently changed
 * first), each with a link that opens it in the builder in a new tab, where it can be published
 * without losing what is typed here.
 */
import { Box, FormHelperText, Link } from '@mui/material';
import { useGetList } from 'react-admin';
import { useT } from '../../../i18n/use-t';
import { editFormPath } from './form-paths';

const SHOWN = 5;

export function UnpublishedFormsNote() {
  const t = useT();
  const { data, total } = useGetList('custom-form', {
    pagination: { page: 1, perPage: SHOWN },
    sort: { field: 'updated_at', order: 'DESC' },
    filter: { has_published: false, status: true },
  });
  const drafts = data ?? [];
  return (
    <FormHelperText component="div" sx={{ mt: -1, mb: 2, mx: 1.75 }}>
      {t('app.forms.list.unpublished.only_published')}
      {drafts.length > 0 && (
        <>
          {` ${t('app.forms.list.unpublished.not_listed')} `}
          {drafts.map((form, i) => (
            <Box component="span" key={String(form.id)}>
              {i > 0 && t('app.forms.common.separator')}
              {`${t('app.forms.common.quoted', { text: String(form.name) })} (`}
              <Link href={editFormPath(String(form.id))} target="_blank" rel="noopener" underline="always">
                {t('app.forms.list.unpublished.open_to_publish', { name: String(form.name) })}
              </Link>
              )
            </Box>
          ))}
          {(total ?? 0) > drafts.length && ` ${t('app.forms.list.unpublished.more', { count: (total ?? 0) - drafts.length })}`}.
        </>
      )}
    </FormHelperText>
  );
}
