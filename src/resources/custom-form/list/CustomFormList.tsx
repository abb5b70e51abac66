/**
 * /custom-form (spec 2 §2): the generic list from the map entry (search by name, column chooser,
 * hide/show inactive, pager), with the form's own pages: a form's name opens it in the builder,
 * its revision count opens its revisions, Add goes to the builder's add page, 'View List' to the
 * lookup lists. Status flips through the form's own call (DELETE /form/deactivate/{id}).
 */
import { Button } from '@mui/material';
import ListAltIcon from '@mui/icons-material/ListAlt';
import { Link as RouterLink } from 'react-router-dom';
import { useDataProvider } from 'react-admin';
import type { FieldbaseDataProvider } from '../../../providers/data-provider';
import { GenericList } from '../../generic/GenericList';
import { useT } from '../../../i18n/use-t';
import { formCells } from './form-cells';
import { ADD_FORM_PATH, VIEW_LIST_PATH, editFormPath } from './form-paths';

const ViewListButton = () => {
  const t = useT();
  return (
    <Button color="inherit" component={RouterLink} to={VIEW_LIST_PATH} startIcon={<ListAltIcon />}>
      {t('app.forms.list.view_list')}
    </Button>
  );
};

export const CustomFormList = () => {
  const dataProvider = useDataProvider<FieldbaseDataProvider>();
  const t = useT();
  return (
    <GenericList
      showPath={editFormPath}
      createPath={ADD_FORM_PATH}
      editPath={editFormPath}
      emptyText={t('app.forms.list.empty')}
      cells={formCells}
      toolbarExtras={<ViewListButton />}
      toggleStatus={(id) => dataProvider.toggleFormStatus(id)}
      deleteWarning={t('app.forms.list.delete_warning')}
    />
  );
};
