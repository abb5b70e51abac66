import type { Strings } from '../catalogue';
import type * as english from '../en/program-list';

export const list: Strings<typeof english.list> = {
  title_all: 'Programmes',
  title_active: 'Tous les programmes actifs',
  title_deactivated: 'Programmes désactivés',
  tab_all: 'Tous',
  which: 'Quels programmes',
  none_found: 'Aucun programme trouvé',
  add: 'Ajouter un programme',
  loading: 'Chargement des programmes',
  what: 'programmes',
  search: 'Rechercher des programmes',
  per_page: 'Programmes par page',
  last_updated: 'Dernière mise à jour le %{date}',
  activated: 'Programme activé',
  deactivated: 'Programme désactivé',
};

export const form: Strings<typeof english.form> = {
  add_title: 'Ajouter un programme',
  edit_title: 'Modifier le programme',
  back_to_name: 'Retour à %{name}',
  loading: 'Chargement du programme',
  added: 'Programme ajouté avec succès',
  name_taken: 'Deux programmes ne peuvent pas porter le même nom',
  updated: 'Programme mis à jour',
  name_max: 'Le nom du programme doit comporter au plus %{max} caractères',
  description_max: 'La description doit comporter au plus %{max} caractères',
  head_required: 'Un responsable du programme est obligatoire',
  head_inactive: '%{name} (inactif)',
  no_user_list: 'Pour changer les responsables du programme, il faut un rôle autorisé à voir les utilisateurs',
  days_fixed: 'Seul un rôle autorisé à modifier à tout moment peut changer ce nombre.',
  days_help:
    'Nombre de jours après la création pendant lesquels le programme peut être modifié ; 0 ferme la modification immédiatement. Les rôles autorisés à modifier à tout moment ne sont pas limités.',
  choose_image: 'Choisir une image',
  change_image: "Changer l'image",
  chosen_image: 'Image du programme choisie',
};
