/** The mails in French. */
import type { MailTexts } from './mail-texts.ts';

const MODULES: Record<string, string> = {
  beneficiaries: 'Bénéficiaires',
  locations: 'Lieux',
  events: 'Événements',
  cases: 'Cas',
  surveys: 'Enquêtes',
};
const count = (n: number, one: string, many: string) => `${n} ${n <= 1 ? one : many}`;

export const french: MailTexts = {
  reset: ({ firstName, minutes, link }) => ({
    subject: 'Réinitialisez votre mot de passe Fieldbase',
    text:
      `Bonjour ${firstName},\n\nQuelqu'un a demandé à réinitialiser le mot de passe de votre compte Fieldbase.\n` +
      `Ouvrez ce lien dans les ${minutes} minutes pour choisir un nouveau mot de passe :\n\n${link}\n\n` +
      `Le lien ne sert qu'une fois, et seulement jusqu'à ce que vous en demandiez un plus récent. ` +
      `Si vous ne l'avez pas demandé, ignorez ce message : votre mot de passe reste inchangé.\n`,
  }),
  exportReady: ({ firstName, what, link, fileName, until }) => {
    const of =
      what.kind === 'audit'
        ? `du journal d'audit (${count(what.rows, 'changement', 'changements')})`
        : `de ${what.program} (${MODULES[what.module] ?? what.module}, ${count(what.rows, 'document', 'documents')})`;
    return {
      subject: 'Votre export est prêt',
      text: [
        `Bonjour ${firstName},`,
        '',
        `Votre export ${of} est prêt à être téléchargé :`,
        link,
        '',
        `Le fichier ${fileName} peut être téléchargé jusqu'au ${until} UTC, par vous seul(e), une fois connecté(e).`,
      ].join('\n'),
    };
  },
  signInAttempts: ({ to, firstName, failures, addresses, windowMinutes, when, consoleUrl }) => ({
    subject: "Quelqu'un essaie de se connecter à votre compte Fieldbase",
    text:
      `Bonjour ${firstName},\n\n` +
      `Quelqu'un essaie de se connecter à votre compte Fieldbase (${to}) avec de mauvais mots de passe : ` +
      `${count(failures, 'tentative échouée', 'tentatives échouées')} depuis ` +
      `${addresses === 1 ? 'une adresse réseau' : `${addresses} adresses réseau différentes`} ` +
      `en ${windowMinutes} minutes, la dernière le ${when}.\n\n` +
      `Aucune de ces tentatives n'a abouti. Les prochaines tentatives depuis ces adresses sont désormais ralenties ; ` +
      `vous pouvez toujours vous connecter normalement sur ${consoleUrl}.\n\n` +
      `Si c'était vous, ignorez ce message. Sinon, assurez-vous que votre mot de passe n'est utilisé nulle part ailleurs ; ` +
      `vous pouvez en choisir un nouveau avec « Mot de passe oublié ? » sur la page de connexion.\n\n` +
      `Vous recevrez au plus un tel message toutes les ${windowMinutes} minutes.\n`,
  }),
  emailChanged: ({ firstName, byOwner, when, newEmail }) => ({
    subject: "L'adresse e-mail de votre compte Fieldbase a été modifiée",
    text:
      `Bonjour ${firstName},\n\n` +
      `L'adresse e-mail de votre compte Fieldbase a été modifiée ${byOwner ? 'par vous' : 'par un administrateur'} le ${when}.\n` +
      `Désormais, les messages de connexion et de réinitialisation du mot de passe sont envoyés à ${newEmail}, et non plus à cette adresse.\n\n` +
      `Si vous avez fait ce changement, il n'y a rien à faire. Sinon, contactez immédiatement votre administrateur.\n`,
  }),
};
