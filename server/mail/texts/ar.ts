/** The mails in Arabic (right to left; addresses and links stay as they are). */
import type { MailTexts } from './mail-texts.ts';

const MODULES: Record<string, string> = {
  beneficiaries: 'المستفيدون',
  locations: 'المواقع',
  events: 'الفعاليات',
  cases: 'الحالات',
  surveys: 'الاستبيانات',
};

export const arabic: MailTexts = {
  reset: ({ firstName, minutes, link }) => ({
    subject: 'إعادة تعيين كلمة مرور Fieldbase',
    text:
      `مرحبًا ${firstName}،\n\nطلب أحدهم إعادة تعيين كلمة مرور حسابك في Fieldbase.\n` +
      `افتح هذا الرابط خلال ${minutes} دقيقة لاختيار كلمة مرور جديدة:\n\n${link}\n\n` +
      `يعمل الرابط مرة واحدة فقط، وإلى أن تطلب رابطًا أحدث. إن لم تطلبه فتجاهل هذه الرسالة: تبقى كلمة مرورك كما هي.\n`,
  }),
  exportReady: ({ firstName, what, link, fileName, until }) => {
    const of =
      what.kind === 'audit'
        ? `سجل التدقيق (عدد التغييرات: ${what.rows})`
        : `${what.program} (${MODULES[what.module] ?? what.module}، عدد المستندات: ${what.rows})`;
    return {
      subject: 'التصدير جاهز',
      text: [
        `مرحبًا ${firstName}،`,
        '',
        `تصدير ${of} جاهز للتنزيل:`,
        link,
        '',
        `يمكنك أنت وحدك تنزيل الملف ${fileName} بعد تسجيل الدخول، حتى ${until} UTC.`,
      ].join('\n'),
    };
  },
  signInAttempts: ({ to, firstName, failures, addresses, windowMinutes, when, consoleUrl }) => ({
    subject: 'يحاول أحدهم تسجيل الدخول إلى حسابك في Fieldbase',
    text:
      `مرحبًا ${firstName}،\n\n` +
      `يحاول أحدهم تسجيل الدخول إلى حسابك في Fieldbase (${to}) بكلمات مرور خاطئة: ` +
      `عدد المحاولات الفاشلة ${failures} من ${addresses === 1 ? 'عنوان شبكة واحد' : `${addresses} عناوين شبكة مختلفة`} ` +
      `خلال ${windowMinutes} دقيقة، وآخرها في ${when}.\n\n` +
      `لم تنجح أي من هذه المحاولات. صارت المحاولات التالية من تلك العناوين أبطأ؛ ` +
      `وما زال بإمكانك تسجيل الدخول كالمعتاد على ${consoleUrl}.\n\n` +
      `إن كنت أنت من حاول فتجاهل هذه الرسالة. وإلا فتأكد من أن كلمة مرورك لا تستخدمها في أي مكان آخر؛ ` +
      `ويمكنك اختيار كلمة جديدة عبر «نسيت كلمة المرور؟» في صفحة تسجيل الدخول.\n\n` +
      `لن تصلك أكثر من رسالة واحدة كهذه كل ${windowMinutes} دقيقة.\n`,
  }),
  emailChanged: ({ firstName, byOwner, when, newEmail }) => ({
    subject: 'تم تغيير البريد الإلكتروني لحسابك في Fieldbase',
    text:
      `مرحبًا ${firstName}،\n\n` +
      `تم تغيير البريد الإلكتروني لحسابك في Fieldbase ${byOwner ? 'بواسطتك' : 'بواسطة أحد المسؤولين'} في ${when}.\n` +
      `من الآن فصاعدًا تُرسل رسائل تسجيل الدخول وإعادة تعيين كلمة المرور إلى ${newEmail}، لا إلى هذا العنوان.\n\n` +
      `إن كنت أنت من أجرى هذا التغيير فلا شيء عليك فعله. وإلا فتواصل مع المسؤول فورًا.\n`,
  }),
};
