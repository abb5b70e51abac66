import type { Strings } from '../catalogue';
import type { auth as english } from '../en/auth';

export const auth: Strings<typeof english> = {
  footer: 'Fieldbase : une plateforme connectée de données de terrain, livrée par une agence numérique',
  back_to_login: 'Retour à la connexion',
  email: 'E-mail',
  password: 'Mot de passe',
  login: {
    title: 'Connexion',
    subtitle: "Connectez-vous à la console d'administration",
    all_required: 'Tous les champs sont obligatoires',
    keep_logged_in: 'Rester connecté',
    forgot: 'Mot de passe oublié ?',
    submit: 'Se connecter',
    busy: 'Connexion…',
    done: 'Connecté',
    failed: 'Échec de la connexion',
  },
  otp: {
    title: 'Mot de passe oublié',
    subtitle: 'Saisissez votre e-mail : nous vous enverrons un lien pour choisir un nouveau mot de passe.',
    invalid_email: 'Saisissez une adresse e-mail valide',
    submit: 'Envoyer',
    sent: "Contactez l'administrateur : un e-mail lui a été envoyé",
    failed: "Une erreur s'est produite",
  },
  reset: {
    title: 'Changer le mot de passe',
    subtitle: 'Choisissez un nouveau mot de passe pour votre compte.',
    needs_link: "Cette page a besoin du lien de l'e-mail de réinitialisation.",
    confirm: 'Confirmer le mot de passe',
    submit: 'Changer le mot de passe',
  },
  new_password: {
    too_short: 'Le mot de passe doit comporter au moins %{min} caractères',
    mismatch: 'Les mots de passe ne correspondent pas',
  },
};
