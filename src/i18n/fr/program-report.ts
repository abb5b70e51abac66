import type { Strings } from '../catalogue';
import type * as english from '../en/program-report';

export const report: Strings<typeof english.report> = {
  title: 'Rapports du programme',
  title_named: '%{name} : rapports du programme',
  period: 'Période',
  last_weeks: 'Les %{count} dernières semaines',
  weeks_note: 'Les semaines vont du lundi au dimanche (UTC). Seuls les documents que vous pouvez voir sont comptés.',
  loading_chart: 'Chargement du graphique',
  download_csv: 'Télécharger le CSV',
  no_document: 'Aucun document trouvé',
  no_team_member: "Aucun membre d'équipe pour l'instant",
  goal_progress: 'Progression des objectifs',
  documents_per_week: 'Documents par semaine',
  team_members: "Membres de l'équipe",
  document_type: 'Type de document',
  all_time: 'Depuis le début',
  role: 'Rôle',
  team_member: "Membre d'équipe",
  submitted: 'Soumis',
  processed: 'Traités',
  not_processed: 'Non traités',
};
