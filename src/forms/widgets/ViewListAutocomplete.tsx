/**
 * A choice field backed by a view list (uiSchema `ui:widget: 'viewList'`, `ui:options.viewList`
 * = the list's id): the lists run to 100,000 rows, so nothing is listed up front. The field
 * searches `GET /listview/{id}/rows?q=` as the person types (once typing pauses), shows each row
 * in words (its first cell, the other cells under it), and loads the next page when the list is
 * scrolled to its end or "Load more" is pressed. The answer is the row's first cell, as text
 * (one, or a list for checkbox and multiple-select): see docs/forms.md, "How a choice field uses a
 * list".
 */
import { useContext, useEffect, useMemo, useRef, useState, type HTMLAttributes, type UIEvent } from 'react';
import { Autocomplete, Box, Button, Checkbox, CircularProgress, TextField, Typography } from '@mui/material';
import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { labelValue, type WidgetProps } from '@rjsf/utils';
import type { ViewListRow } from '../../providers/view-list-calls';
import { useDebouncedValue } from './use-debounced-value';
import { useViewListRows } from './use-view-list-rows';
import { translate } from '../../providers/i18n-provider';

/** Typing pauses this long before a search goes out. */
export const SEARCH_DELAY_MS = 200;
/** How close to the end of the open list (px) counts as its end. */
const NEAR_END_PX = 48;

/** The entry at the end of a list with more rows to load: not a choice. */
const MORE: ViewListRow = { _id: '\u0000more', label: '', cells: [] };

/** A stored answer as an option, so the field shows it without looking its row up. */
const chosen = (text: string): ViewListRow => ({ _id: `\u0000chosen:${text}`, label: text, cells: [text] });

function answerRows(value: unknown, multiple: boolean): ViewListRow | ViewListRow[] | null {
  if (multiple) return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v !== '').map(chosen) : [];
  return typeof value === 'string' && value !== '' ? chosen(value) : null;
}

/** The other cells of a row, in words, under its first one. */
const details = (row: ViewListRow) =>
  row.cells
    .slice(1)
    .map((cell) => cell.trim())
    .filter(Boolean)
    .join(' · ');

function ViewListField(props: WidgetProps) {
  const {
    id,
    value,
    onChange,
    onBlur,
    onFocus,
    options,
    label,
    hideLabel,
    required,
    disabled,
    readonly,
    placeholder,
    rawErrors = [],
  } = props;
  const listId = typeof options.viewList === 'string' ? options.viewList : '';
  const multiple = options.multiple === true;
  // The same object while the answer stays the same: the field resets its text on a new value.
  const answer = useMemo(() => answerRows(value, multiple), [value, multiple]);
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  // What was typed, to search for; a chosen row's name in the field is not a search.
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim(), SEARCH_DELAY_MS);
  const settling = search !== typed.trim();
  const { rows, total, moreThan, isFetching, isFetchingNextPage, hasNextPage, fetchNextPage, error } = useViewListRows(
    listId,
    search,
    open && !settling,
  );
  const loading = settling || (isFetching && !isFetchingNextPage);

  // MUI's Autocomplete puts its list back at the top when its options change and it finds no
  // option to highlight (useAutocomplete's syncHighlightedIndex, in an effect, on that render and
  // the next): a page loaded at the end would throw the person back to the first row. From the
  // first "more" until the next search, the list keeps the place the person scrolled to: every
  // scroll moves the place, and after every render the list is put back there (this component's
  // effects run after the Autocomplete's own).
  const list = useRef<HTMLElement | null>(null);
  const place = useRef<number | null>(null);
  useEffect(() => {
    if (list.current && place.current !== null && list.current.scrollTop !== place.current) list.current.scrollTop = place.current;
  });
  const more = (from: HTMLElement | null) => {
    if (!hasNextPage || isFetchingNextPage) return;
    if (from) {
      list.current = from;
      place.current = from.scrollTop;
    }
    void fetchNextPage();
  };
  const onListScroll = (event: UIEvent<HTMLElement>) => {
    const shown = event.currentTarget;
    if (list.current === shown && place.current !== null) place.current = shown.scrollTop;
    if (shown.scrollTop + shown.clientHeight >= shown.scrollHeight - NEAR_END_PX) more(shown);
  };
  const forgetPlace = () => {
    list.current = null;
    place.current = null;
  };

  const renderMore = () => (
    <Box component="li" key={MORE._id} role="presentation" sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1 }}>
      <Typography variant="caption" color="text.secondary" sx={{ flex: 1 }}>
        {translate(moreThan ? 'app.forms.preview.view_list.shown_more_than' : 'app.forms.preview.view_list.shown', {
          shown: rows.length.toLocaleString(),
          total: (total ?? rows.length).toLocaleString(),
        })}
      </Typography>
      {isFetchingNextPage ? (
        <CircularProgress size={18} aria-label={translate('app.forms.preview.view_list.loading_more')} />
      ) : (
        <Button
          size="small"
          onMouseDown={(e) => e.preventDefault()} // keeps the focus (and so the list) in the field
          onClick={(e) => more(e.currentTarget.closest<HTMLElement>('[role="listbox"]'))}
        >
          {translate('app.forms.preview.view_list.load_more')}
        </Button>
      )}
    </Box>
  );

  return (
    <Autocomplete<ViewListRow, boolean, false, false>
      id={id}
      multiple={multiple}
      disableCloseOnSelect={multiple}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => {
        setOpen(false);
        forgetPlace();
      }}
      value={answer}
      options={hasNextPage && !settling ? [...rows, MORE] : settling ? [] : rows}
      loading={loading}
      loadingText={translate('app.forms.preview.view_list.searching')}
      noOptionsText={
        error
          ? translate('app.forms.preview.view_list.failed', { error: (error as Error).message })
          : search
            ? translate('app.forms.preview.view_list.no_match', { text: search })
            : translate('app.forms.preview.view_list.empty')
      }
      // The server searches; every row it answers is a match.
      filterOptions={(all) => all}
      getOptionLabel={(row) => row.label}
      getOptionKey={(row) => row._id}
      getOptionDisabled={(row) => row === MORE}
      isOptionEqualToValue={(row, answer) => row.label === answer.label}
      inputValue={input}
      onInputChange={(_event, text, reason) => {
        // Picking several rows of one search: the search stays while the list is open.
        if (multiple && open && (reason === 'selectOption' || reason === 'removeOption' || reason === 'reset')) return;
        setInput(text);
        setTyped(reason === 'input' ? text : '');
        // Another search starts at the top of its rows.
        forgetPlace();
      }}
      onChange={(_event, picked) => {
        if (Array.isArray(picked)) onChange(picked.map((row) => row.label));
        else onChange(picked ? picked.label : undefined);
      }}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      disabled={disabled}
      readOnly={readonly}
      slotProps={{ listbox: { onScroll: onListScroll } as HTMLAttributes<HTMLElement> }}
      renderOption={({ key, ...optionProps }, row, { selected }) =>
        row === MORE ? (
          renderMore()
        ) : (
          <Box component="li" key={key} {...optionProps} sx={{ gap: 1 }}>
            {multiple && <Checkbox size="small" checked={selected} tabIndex={-1} sx={{ p: 0.5 }} />}
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2">{row.label || translate('app.forms.preview.view_list.blank')}</Typography>
              {details(row) && (
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {details(row)}
                </Typography>
              )}
            </Box>
          </Box>
        )
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={labelValue(label || undefined, hideLabel, undefined)}
          required={required}
          placeholder={placeholder || translate('app.forms.preview.view_list.placeholder')}
          error={rawErrors.length > 0}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {open && loading ? (
                    <CircularProgress color="inherit" size={18} aria-label={translate('app.forms.preview.view_list.searching_list')} />
                  ) : null}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}

// The preview normally renders inside the console, which shares one query cache; on its own it
// keeps a cache of its own, so the field works wherever a form is shown.
let ownCache: QueryClient | undefined;

export default function ViewListAutocomplete(props: WidgetProps) {
  const shared = useContext(QueryClientContext);
  if (shared) return <ViewListField {...props} />;
  ownCache ??= new QueryClient();
  return (
    <QueryClientProvider client={ownCache}>
      <ViewListField {...props} />
    </QueryClientProvider>
  );
}
