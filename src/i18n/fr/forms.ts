import type { Strings } from '../catalogue';
import type { forms as english } from '../en/forms';
import { builder, check, operators, types } from './forms-builder';
import { compiler, preview } from './forms-preview';
import { changes, revisions } from './forms-revisions';
import { view_lists } from './forms-view-lists';

export const forms: Strings<typeof english> = {
  common: {
    fields: '%{smart_count} champ |||| %{smart_count} champs',
    quoted: '« %{text} »',
    separator: ', ',
    semicolon: ' ; ',
    something_wrong: "Une erreur s'est produite",
  },
  list: {
    view_list: 'Listes de référence',
    empty: 'Aucun formulaire trouvé avec ce nom',
    delete_warning: 'Ses révisions publiées sont supprimées avec lui.',
    not_published: 'Non publié',
    revisions: '%{smart_count} révision |||| %{smart_count} révisions',
    unpublished: {
      only_published: 'Seuls les formulaires publiés peuvent être choisis.',
      not_listed: 'Pas encore publiés, donc absents de la liste :',
      open_to_publish: 'ouvrir « %{name} » pour le publier',
      more: 'et %{count} autres',
    },
  },
  builder,
  types,
  operators,
  check,
  preview,
  compiler,
  revisions,
  changes,
  view_lists,
};
