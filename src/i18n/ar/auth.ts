import type { Strings } from '../catalogue';
import type { auth as english } from '../en/auth';

export const auth: Strings<typeof english> = {
  footer: 'Fieldbase: منصة متصلة لبيانات الميدان، تقدّمها وكالة رقمية',
  back_to_login: 'العودة إلى تسجيل الدخول',
  email: 'البريد الإلكتروني',
  password: 'كلمة المرور',
  login: {
    title: 'تسجيل الدخول',
    subtitle: 'سجّل الدخول إلى وحدة الإدارة',
    all_required: 'جميع الحقول مطلوبة',
    keep_logged_in: 'إبقائي مسجّلًا',
    forgot: 'نسيت كلمة المرور؟',
    submit: 'دخول',
    busy: 'جارٍ تسجيل الدخول…',
    done: 'تم تسجيل الدخول',
    failed: 'فشل تسجيل الدخول',
  },
  otp: {
    title: 'نسيت كلمة المرور',
    subtitle: 'أدخل بريدك الإلكتروني وسنرسل إليك رابطًا لاختيار كلمة مرور جديدة.',
    invalid_email: 'أدخل عنوان بريد إلكتروني صالحًا',
    submit: 'إرسال',
    sent: 'يرجى التواصل مع المسؤول! أُرسلت إليه رسالة',
    failed: 'حدث خطأ ما',
  },
  reset: {
    title: 'تغيير كلمة المرور',
    subtitle: 'اختر كلمة مرور جديدة لحسابك.',
    needs_link: 'تحتاج هذه الصفحة إلى الرابط الوارد في رسالة إعادة تعيين كلمة المرور.',
    confirm: 'تأكيد كلمة المرور',
    submit: 'تغيير كلمة المرور',
  },
  new_password: {
    too_short: 'يجب ألا تقل كلمة المرور عن %{min} أحرف',
    mismatch: 'كلمتا المرور غير متطابقتين',
  },
};
