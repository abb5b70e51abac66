import type { Strings } from '../catalogue';
import type * as english from '../en/program-detail';

export const detail: Strings<typeof english.detail> = {
  sections: 'Sections du programme',
  loading: 'Chargement du programme',
  load_failed: "Le programme n'a pas pu être chargé",
  history: 'Historique',
};

export const tabs: Strings<typeof english.tabs> = {
  overview: "Vue d'ensemble",
  goals: 'Objectifs',
  notifications: 'Notifications',
  modules: 'Modules',
  beneficiaries: 'Bénéficiaires',
  locations: 'Lieux',
  events: 'Événements',
  cases: 'Cas',
  surveys: 'Enquêtes',
  permission: 'Autorisation',
  teams: 'Équipes',
};

export const lock: Strings<typeof english.lock> = {
  title: 'Verrouillage du programme',
  lock: 'Verrouiller',
  unlock: 'Déverrouiller',
  locked_toast: 'Programme verrouillé',
  unlocked_toast: 'Programme déverrouillé',
  locked_text: "Verrouillé : rien dans ce programme ne peut être modifié tant qu'il n'est pas déverrouillé.",
  unlocked_text:
    'Déverrouillé : le programme, ses objectifs, son équipe et ses notifications peuvent être modifiés. Verrouillez-le pour les figer.',
};

export const overview: Strings<typeof english.overview> = {
  pinned_title: 'Objectifs épinglés',
  see_all_goals: 'Voir tous les objectifs',
  none_pinned: "Aucun objectif n'est épinglé. Épinglez des objectifs dans l'onglet Objectifs pour les suivre ici.",
  program_overview: 'Aperçu du programme',
  program_details: 'Détails du programme',
  program_reports: 'Accéder aux rapports du programme',
  edit_program: 'Modifier le programme',
  edit_heads: 'Modifier les responsables du programme',
  team: 'Équipe',
  manage_team: "Gérer l'équipe",
  more_members: 'et %{count} de plus',
};

export const sync: Strings<typeof english.sync> = {
  title: 'Synchronisation de la base',
  sync: 'Synchroniser',
  done: 'Synchronisation avec la base de données réussie',
  failed: 'Erreur lors de la synchronisation avec la base de données',
  syncing: 'Synchronisation de la base hors ligne',
  building: 'Construction de la base hors ligne à partir de la configuration du programme…',
  read_failed: "La base hors ligne n'a pas pu être lue. Essayez Synchroniser.",
  loading: 'Chargement de la base hors ligne',
  not_synced: "Pas encore synchronisé : l'application mobile recevra ce programme une fois synchronisé.",
  last_synced: 'Dernière synchronisation le %{date}',
  documents: '%{count} document · %{size} à télécharger sur un téléphone |||| %{count} documents · %{size} à télécharger sur un téléphone',
  bytes: '%{value} octets',
  kilobytes: '%{value} Ko',
  megabytes: '%{value} Mo',
  gigabytes: '%{value} Go',
};

export const conflicts: Strings<typeof english.conflicts> = {
  title: 'Conflits hors ligne',
  review: 'Examiner',
  read_failed: "Les conflits n'ont pas pu être lus.",
  looking: 'Recherche des documents modifiés sur deux téléphones…',
  none: "Aucun document n'a été modifié sur deux téléphones à la fois.",
  count:
    '%{smart_count} document a été modifié sur deux téléphones à la fois : choisissez la version à conserver. |||| %{smart_count} documents ont été modifiés sur deux téléphones à la fois : choisissez la version à conserver.',
  hundred_or_more: '100 documents ou plus ont été modifiés sur deux téléphones à la fois : choisissez la version à conserver.',
  dialog_title: 'Documents modifiés sur deux téléphones',
  none_left: 'Plus aucun conflit.',
  kept: 'Version choisie conservée : chaque téléphone la recevra à sa prochaine synchronisation',
  document: 'Document %{id}',
  current_version: 'Version actuelle',
  other_version: 'Autre version',
  other_version_number: 'Autre version %{number}',
  keep: 'Conserver celle-ci',
};

export const goals: Strings<typeof english.goals> = {
  add: 'Ajouter un objectif',
  edit: "Modifier l'objectif",
  per_page: 'Objectifs par page',
  percentage: 'Pourcentage',
  actions: 'Actions',
  phone_line: 'Cible %{target} · Atteint %{achieve} · %{percent}',
  pin: "Épingler à la vue d'ensemble",
  unpin: "Désépingler de la vue d'ensemble",
  pin_name: 'Épingler %{name}',
  unpin_name: 'Désépingler %{name}',
  remove_title: "Retirer l'objectif",
  remove_content: "L'objectif de %{target} pour %{name} sera retiré.",
  added: 'Objectif ajouté avec succès',
  add_failed: "Erreur lors de l'ajout de l'objectif",
  edited: 'Objectif modifié avec succès',
  edit_failed: "Erreur lors de la modification de l'objectif",
  removed: 'Objectif retiré avec succès',
  remove_failed: "Erreur lors du retrait de l'objectif",
  select_type: 'Choisissez un type',
  target_required: 'La cible est obligatoire',
  target_whole: 'La cible doit être un nombre entier',
  target_min: "La cible doit être d'au moins 1",
  loading_types: 'Chargement des types du programme',
  no_types:
    "Ce programme n'a encore aucun type. Ajoutez d'abord un type de bénéficiaire, de lieu, d'événement, d'enquête ou de cas dans l'onglet de son module.",
  has_goal: '%{name} (a déjà un objectif)',
  all_taken: "Chaque type de ce programme a déjà un objectif : modifiez plutôt la cible d'un objectif.",
  kind_beneficiary: 'Bénéficiaire',
  kind_location: 'Lieu',
  kind_event: 'Événement',
  kind_survey: 'Enquête',
  kind_case: 'Cas',
};

export const notifications: Strings<typeof english.notifications> = {
  send: 'Envoyer une notification',
  edit: 'Modifier la notification',
  send_button: 'Envoyer',
  title_required: 'Le titre de la notification est obligatoire',
  content_required: 'Le contenu de la notification est obligatoire',
  sent: 'Notification envoyée avec succès',
  send_failed: "Erreur lors de l'envoi de la notification",
  updated: 'Notification mise à jour avec succès',
  update_failed: 'Erreur lors de la mise à jour de la notification',
  removed: 'Notification retirée avec succès',
  remove_failed: 'Erreur lors du retrait de la notification',
  load_failed: "Les notifications n'ont pas pu être chargées",
  loading: 'Chargement des notifications',
  none: 'Aucune notification trouvée',
  sent_by: 'Envoyée par %{name} · %{date}',
  former_user: "un utilisateur qui n'est plus là",
  per_page: 'Notifications par page',
  remove_title: 'Retirer la notification',
  remove_content: "« %{title} » sera retirée des notifications de l'équipe.",
};

export const teams: Strings<typeof english.teams> = {
  add: "Ajouter un membre d'équipe",
  member: 'Membre',
  head_of: 'Responsable du programme : %{name}',
  per_page: 'Membres par page',
  remove_title: "Retirer le membre d'équipe",
  remove_content: '%{name} sera retiré(e) de ce programme.',
  head_changed: 'Statut de responsable du programme modifié avec succès',
  removed: "Membre d'équipe supprimé avec succès",
  remove_failed: "Erreur lors de la suppression du membre d'équipe",
  added: "Nouveau membre d'équipe ajouté avec succès",
  add_failed: "Erreur lors de l'ajout du nouveau membre d'équipe",
  builtin_not_head: "Le compte administrateur intégré ne peut pas être responsable d'un programme",
  select_user: 'Choisissez un utilisateur',
  users_failed: "Les utilisateurs n'ont pas pu être chargés",
  loading_users: 'Chargement des utilisateurs…',
  everyone_on: 'Tous les utilisateurs actifs font déjà partie de ce programme',
  user: 'Utilisateur',
};
