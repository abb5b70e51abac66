/**
 * Said when a page number is past the end — typed into the pager, or a page emptied by documents
 * deleted meanwhile — instead of ignoring it: which page there is not, which page is the last,
 * and a button to it.
 */
import { Alert, Button } from '@mui/material';
import { EXPLORER_TEXT, formatCount } from './explorer-texts';

export const pastLastPageText = (asked: number, pageCount: number) =>
  `There is no page ${formatCount(asked)}: the last page is ${formatCount(pageCount)}.`;

export const PastLastPage = ({ asked, pageCount, onLast }: { asked: number; pageCount: number; onLast(): void }) => (
  <Alert
    severity="info"
    role="status"
    sx={{ mx: 2, my: 1 }}
    action={
      <Button color="inherit" size="small" onClick={onLast}>
        {EXPLORER_TEXT.lastPage}
      </Button>
    }
  >
    {pastLastPageText(asked, pageCount)}
  </Alert>
);
