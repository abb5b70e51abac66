import type { Strings } from '../catalogue';
import type { shell as english } from '../en/shell';

export const shell: Strings<typeof english> = {
  menu: {
    dashboard: 'لوحة المعلومات',
    data_explorer: 'مستكشف البيانات',
    settings: 'الإعدادات',
    audit: 'سجل التدقيق',
    support: 'الدعم',
  },
  header: {
    notifications: 'الإشعارات: %{count}',
    no_notifications: 'لا توجد إشعارات',
    profile_menu: 'قائمة الملف الشخصي',
    profile_menu_initials: 'قائمة الملف الشخصي، %{initials}',
    breadcrumb: 'مسار التنقل',
  },
  profile: {
    profile: 'الملف الشخصي',
    logout: 'تسجيل الخروج',
    language: 'اللغة',
    language_not_saved: 'تغيّرت اللغة على هذا الجهاز فقط: تعذّر حفظها مع حسابك',
  },
  logout: { question: 'هل أنت متأكد أنك تريد تسجيل الخروج؟', cancel: 'إلغاء', confirm: 'تسجيل الخروج' },
  crumbs: {
    add: 'إضافة',
    edit: 'تعديل',
    permissions: 'الصلاحيات',
    details: 'التفاصيل',
    revisions: 'المراجعات',
    view_lists: 'القوائم المرجعية',
    reports: 'التقارير',
    active: 'النشطة',
    deactivated: 'المعطّلة',
    beneficiary_types: 'أنواع المستفيدين',
    event_types: 'أنواع الفعاليات',
  },
  titles: { sign_in: 'تسجيل الدخول', forgot_password: 'نسيت كلمة المرور', reset_password: 'إعادة تعيين كلمة المرور' },
};
