import type { Strings } from '../catalogue';
import type * as english from '../en/program-list';

export const list: Strings<typeof english.list> = {
  title_all: 'البرامج',
  title_active: 'كل البرامج النشطة',
  title_deactivated: 'البرامج المعطّلة',
  tab_all: 'الكل',
  which: 'أي البرامج',
  none_found: 'لم يُعثر على أي برنامج',
  add: 'إضافة برنامج',
  loading: 'جارٍ تحميل البرامج',
  what: 'البرامج',
  search: 'البحث في البرامج',
  per_page: 'عدد البرامج في الصفحة',
  last_updated: 'آخر تحديث %{date}',
  activated: 'تم تفعيل البرنامج',
  deactivated: 'تم تعطيل البرنامج',
};

export const form: Strings<typeof english.form> = {
  add_title: 'إضافة برنامج',
  edit_title: 'تعديل البرنامج',
  back_to_name: 'العودة إلى %{name}',
  loading: 'جارٍ تحميل البرنامج',
  added: 'تمت إضافة البرنامج بنجاح',
  name_taken: 'لا يمكن أن يحمل برنامجان الاسم نفسه',
  updated: 'تم تحديث البرنامج',
  name_max: 'يجب ألا يزيد اسم البرنامج على %{max} حرفًا',
  description_max: 'يجب ألا يزيد الوصف على %{max} حرفًا',
  head_required: 'مسؤول البرنامج مطلوب',
  head_inactive: '%{name} (غير نشط)',
  no_user_list: 'يتطلب تغيير مسؤولي البرنامج دورًا يسمح بعرض المستخدمين',
  days_fixed: 'لا يمكن تغيير هذا إلا لدور مسموح له بالتعديل في أي وقت.',
  days_help:
    'عدد الأيام بعد الإنشاء التي يمكن خلالها تغيير البرنامج؛ القيمة 0 تغلق التعديل فورًا. الأدوار المسموح لها بالتعديل في أي وقت غير مقيّدة بذلك.',
  choose_image: 'اختيار صورة',
  change_image: 'تغيير الصورة',
  chosen_image: 'صورة البرنامج المختارة',
};
