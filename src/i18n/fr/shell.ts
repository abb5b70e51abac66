import type { Strings } from '../catalogue';
import type { shell as english } from '../en/shell';

export const shell: Strings<typeof english> = {
  menu: {
    dashboard: 'Tableau de bord',
    data_explorer: 'Explorateur de données',
    settings: 'Paramètres',
    audit: "Journal d'audit",
    support: 'Assistance',
  },
  header: {
    notifications: 'Notifications : %{count}',
    no_notifications: 'Aucune notification',
    profile_menu: 'Menu du profil',
    profile_menu_initials: 'Menu du profil, %{initials}',
    breadcrumb: "fil d'Ariane",
  },
  profile: {
    profile: 'Profil',
    logout: 'Déconnexion',
    language: 'Langue',
    language_not_saved: "La langue n'est changée que sur cet appareil : elle n'a pas pu être enregistrée avec votre compte",
  },
  logout: { question: 'Voulez-vous vraiment vous déconnecter ?', cancel: 'Annuler', confirm: 'Se déconnecter' },
  crumbs: {
    add: 'Ajouter',
    edit: 'Modifier',
    permissions: 'Permissions',
    details: 'Détails',
    revisions: 'Révisions',
    view_lists: 'Listes de référence',
    reports: 'Rapports',
    active: 'Actifs',
    deactivated: 'Désactivés',
    beneficiary_types: 'Types de bénéficiaires',
    event_types: "Types d'événements",
  },
  titles: { sign_in: 'Connexion', forgot_password: 'Mot de passe oublié', reset_password: 'Réinitialiser le mot de passe' },
};
