/** 'List' or 'Map': how the explorer shows a query's documents (a search's one document is always a list). */
import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import ListIcon from '@mui/icons-material/ViewList';
import MapIcon from '@mui/icons-material/Map';
import { useT } from '../../i18n/use-t';

export type ResultsView = 'list' | 'map';

export const ResultsViewSwitch = ({ view, onChange }: { view: ResultsView; onChange(view: ResultsView): void }) => {
  const t = useT();
  return (
    <ToggleButtonGroup
      value={view}
      exclusive
      size="small"
      color="primary"
      aria-label={t('app.documents.explorer.show_as')}
      onChange={(_event, next: ResultsView | null) => next && onChange(next)}
    >
      <ToggleButton value="list" sx={{ px: 2, gap: 1 }}>
        <ListIcon fontSize="small" />
        {t('app.documents.explorer.list')}
      </ToggleButton>
      <ToggleButton value="map" sx={{ px: 2, gap: 1 }}>
        <MapIcon fontSize="small" />
        {t('app.documents.explorer.map')}
      </ToggleButton>
    </ToggleButtonGroup>
  );
};
