import type { Strings } from '../catalogue';
import type * as english from '../en/program-shared';

export const common: Strings<typeof english.common> = {
  retry: 'Réessayer',
  something_wrong: 'Une erreur est survenue',
  not_found: 'Programme introuvable',
  back_to_all: 'Retour à tous les programmes',
  back_to_program: 'Retour au programme',
  active: 'Actif',
  inactive: 'Inactif',
  deactivated: 'Désactivé',
  locked: 'Verrouillé',
  activate: 'Activer',
  deactivate: 'Désactiver',
  activate_name: 'Activer %{name}',
  deactivate_name: 'Désactiver %{name}',
  edit_name: 'Modifier %{name}',
  remove_name: 'Retirer %{name}',
  all_rows: 'Tout',
  displayed_rows: '%{from}–%{to} sur %{count}',
  program_head: 'Responsable du programme',
  name: 'Nom',
  no_goal: 'Aucun objectif trouvé',
  no_team_member: "Aucun membre d'équipe trouvé",
  not_counted: 'Les quantités atteintes seront comptées dès que des documents arriveront',
};

export const access: Strings<typeof english.access> = {
  cannot_see: "Vous n'avez pas la permission de voir les programmes",
  cannot_see_flag: "Vous n'avez pas la permission de voir les programmes (%{flag})",
  cannot_add: "Vous n'avez pas la permission d'ajouter des programmes",
  cannot_edit: "Vous n'avez pas la permission de modifier les programmes",
  cannot_edit_flag: "Vous n'avez pas la permission de modifier les programmes (%{flag})",
  cannot_edit_name_flag: "Vous n'avez pas la permission de modifier le nom du programme (%{flag})",
  cannot_lock_flag: "Vous n'avez pas la permission de verrouiller les programmes (%{flag})",
  cannot_sync_flag: "Vous n'avez pas la permission de synchroniser les programmes (%{flag})",
  locked: 'Ce programme est verrouillé. Déverrouillez-le pour le modifier.',
  closed_at_creation: 'La modification de ce programme a été fermée dès sa création',
  closed_after:
    'La modification de ce programme a été fermée %{smart_count} jour après sa création |||| La modification de ce programme a été fermée %{smart_count} jours après sa création',
  closed_at_creation_note:
    'La modification de ce programme a été fermée dès sa création. Les objectifs et les notifications peuvent encore être modifiés.',
  closed_after_note:
    'La modification de ce programme a été fermée %{smart_count} jour après sa création. Les objectifs et les notifications peuvent encore être modifiés. |||| La modification de ce programme a été fermée %{smart_count} jours après sa création. Les objectifs et les notifications peuvent encore être modifiés.',
};

export const carousel: Strings<typeof english.carousel> = {
  carousel: 'carrousel',
  slide_role: 'diapositive',
  region: 'Objectifs',
  goal: 'Objectif',
  slide: '%{name} : %{achieve} sur %{target}',
  percent_of_target: '%{percent} % de la cible',
  no_goals: 'Aucun objectif défini',
  previous: 'Objectifs précédents',
  next: 'Objectifs suivants',
};
