/**
 * The results' footer pager, 'Documents per page' with no choice of size (spec 1 §9). Next and
 * previous page from the rows on screen (the cursor of the last row, of the first row), so a
 * deep page costs what the first does; first, last and a typed page number jump by pageNo,
 * which the server reads from whichever end is nearer.
 */
import { useState, type ReactNode } from 'react';
import { Box, IconButton, TextField, Tooltip, Typography } from '@mui/material';
import FirstPageIcon from '@mui/icons-material/FirstPage';
import LastPageIcon from '@mui/icons-material/LastPage';
import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import type { Document } from '@model/generated';
import { DOCUMENTS_PAGE_SIZE, type PagePlace } from '../../providers/explorer-calls';
import { formatCount } from './explorer-texts';
import { useT } from '../../i18n/use-t';
import { PastLastPage } from './PastLastPage';

interface PagerProps {
  pageNo: number;
  total: number;
  rows: Pick<Document, 'cursor'>[];
  disabled: boolean;
  onPage(place: PagePlace): void;
}

/** The page a person typed, as a 0-based page number, or null when it is no page number at all. */
function typedPage(text: string): number | null {
  const n = Number(text);
  return text !== '' && Number.isInteger(n) && n >= 1 ? n - 1 : null;
}

const PageJump = ({
  pageNo,
  pageCount,
  disabled,
  onJump,
}: {
  pageNo: number;
  pageCount: number;
  disabled: boolean;
  onJump(n: number): void;
}) => {
  const t = useT();
  const [text, setText] = useState<string | null>(null);
  const jump = () => {
    const target = text === null ? null : typedPage(text);
    setText(null);
    // A page past the last is passed on too: the pager says so rather than ignoring it.
    if (target !== null && target !== pageNo) onJump(target);
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, whiteSpace: 'nowrap' }}>
      <Typography variant="body2">{t('app.documents.pager.page')}</Typography>
      <TextField
        value={text ?? String(pageNo + 1)}
        onChange={(event) => setText(event.target.value.replace(/\D/g, ''))}
        onBlur={jump}
        onKeyDown={(event) => {
          if (event.key === 'Enter') jump();
        }}
        disabled={disabled}
        size="small"
        slotProps={{
          htmlInput: {
            'aria-label': t('app.documents.pager.page_number'),
            inputMode: 'numeric',
            style: { width: '7ch', textAlign: 'right', padding: '4px 8px' },
          },
        }}
      />
      <Typography variant="body2">{t('app.documents.pager.of', { count: formatCount(pageCount) })}</Typography>
    </Box>
  );
};

export const DocumentsPager = ({ pageNo, total, rows, disabled, onPage }: PagerProps) => {
  const t = useT();
  const pageCount = Math.max(1, Math.ceil(total / DOCUMENTS_PAGE_SIZE));
  const [pastEnd, setPastEnd] = useState<number | null>(null);
  const go = (place: PagePlace) => {
    setPastEnd(null);
    onPage(place);
  };
  const jumpTo = (n: number) => (n >= pageCount ? setPastEnd(n) : go({ pageNo: n }));
  const first = pageNo * DOCUMENTS_PAGE_SIZE + 1;
  const last = pageNo * DOCUMENTS_PAGE_SIZE + rows.length;
  const atStart = pageNo === 0;
  const atEnd = pageNo >= pageCount - 1;
  const button = (label: string, icon: ReactNode, off: boolean, place: () => PagePlace) => (
    <Tooltip title={label}>
      <span>
        <IconButton aria-label={label} disabled={disabled || off} onClick={() => go(place())}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
  return (
    <>
      {pastEnd !== null && <PastLastPage asked={pastEnd + 1} pageCount={pageCount} onLast={() => go({ pageNo: pageCount - 1 })} />}
      <Box
        component="nav"
        aria-label={t('app.documents.pager.label')}
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'flex-end', columnGap: 3, rowGap: 1, px: 2, py: 1 }}
      >
        <Typography variant="body2">{t('app.documents.pager.per_page', { size: DOCUMENTS_PAGE_SIZE })}</Typography>
        <Typography variant="body2">
          {rows.length
            ? t('app.documents.pager.range', { first: formatCount(first), last: formatCount(last), total: formatCount(total) })
            : ''}
        </Typography>
        <PageJump pageNo={pageNo} pageCount={pageCount} disabled={disabled} onJump={jumpTo} />
        <Box sx={{ display: 'flex' }}>
          {button(t('ra.navigation.first'), <FirstPageIcon />, atStart, () => ({ pageNo: 0 }))}
          {button(t('ra.navigation.previous'), <NavigateBeforeIcon />, atStart || !rows.length, () => ({
            pageNo: pageNo - 1,
            before: rows[0]!.cursor,
          }))}
          {button(t('ra.navigation.next'), <NavigateNextIcon />, atEnd || !rows.length, () => ({
            pageNo: pageNo + 1,
            after: rows[rows.length - 1]!.cursor,
          }))}
          {button(t('ra.navigation.last'), <LastPageIcon />, atEnd, () => ({ pageNo: pageCount - 1 }))}
        </Box>
      </Box>
    </>
  );
};
