/**
 * Said when a page number is past the end — typed into the pager, or a page emptied by documents
 * deleted meanwhile — instead of ignoring it: which page there is not, which page is the last,
 * and a button to it.
 */
import { Alert, Button } from '@mui/material';
import { formatCount } from './explorer-texts';
import { useT } from '../../i18n/use-t';

export const PastLastPage = ({ asked, pageCount, onLast }: { asked: number; pageCount: number; onLast(): void }) => {
  const t = useT();
  return (
    <Alert
      severity="info"
      role="status"
      sx={{ mx: 2, my: 1 }}
      action={
        <Button color="inherit" size="small" onClick={onLast}>
          {t('ra.navigation.last')}
        </Button>
      }
    >
      {t('app.documents.pager.past_last', { asked: formatCount(asked), last: formatCount(pageCount) })}
    </Alert>
  );
};
