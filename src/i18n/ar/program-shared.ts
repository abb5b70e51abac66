import type { Strings } from '../catalogue';
import type * as english from '../en/program-shared';
import { arabicPlural } from './plural';

export const common: Strings<typeof english.common> = {
  retry: 'إعادة المحاولة',
  something_wrong: 'حدث خطأ ما',
  not_found: 'البرنامج غير موجود',
  back_to_all: 'العودة إلى كل البرامج',
  back_to_program: 'العودة إلى البرنامج',
  active: 'نشط',
  inactive: 'غير نشط',
  deactivated: 'معطّل',
  locked: 'مقفل',
  activate: 'تفعيل',
  deactivate: 'تعطيل',
  activate_name: 'تفعيل %{name}',
  deactivate_name: 'تعطيل %{name}',
  edit_name: 'تعديل %{name}',
  remove_name: 'إزالة %{name}',
  all_rows: 'الكل',
  displayed_rows: '%{from}–%{to} من %{count}',
  program_head: 'مسؤول البرنامج',
  name: 'الاسم',
  no_goal: 'لم يُعثر على أي هدف',
  no_team_member: 'لم يُعثر على أي عضو في الفريق',
  not_counted: 'يبدأ احتساب المنجز عند وصول المستندات',
};

export const access: Strings<typeof english.access> = {
  cannot_see: 'ليست لديك صلاحية عرض البرامج',
  cannot_see_flag: 'ليست لديك صلاحية عرض البرامج (%{flag})',
  cannot_add: 'ليست لديك صلاحية إضافة برامج',
  cannot_edit: 'ليست لديك صلاحية تعديل البرامج',
  cannot_edit_flag: 'ليست لديك صلاحية تعديل البرامج (%{flag})',
  cannot_edit_name_flag: 'ليست لديك صلاحية تعديل اسم البرنامج (%{flag})',
  cannot_lock_flag: 'ليست لديك صلاحية قفل البرامج (%{flag})',
  cannot_sync_flag: 'ليست لديك صلاحية مزامنة البرامج (%{flag})',
  locked: 'هذا البرنامج مقفل. ألغِ قفله لإجراء تغييرات.',
  closed_at_creation: 'أُغلق تعديل هذا البرنامج عند إنشائه',
  closed_after: arabicPlural(
    'أُغلق تعديل هذا البرنامج بعد يوم واحد من إنشائه',
    'أُغلق تعديل هذا البرنامج بعد مرور %{smart_count} يوم على إنشائه',
    'أُغلق تعديل هذا البرنامج بعد يومين من إنشائه',
  ),
  closed_at_creation_note: 'أُغلق تعديل هذا البرنامج عند إنشائه. لا يزال بالإمكان تغيير الأهداف والإشعارات.',
  closed_after_note: arabicPlural(
    'أُغلق تعديل هذا البرنامج بعد يوم واحد من إنشائه. لا يزال بالإمكان تغيير الأهداف والإشعارات.',
    'أُغلق تعديل هذا البرنامج بعد مرور %{smart_count} يوم على إنشائه. لا يزال بالإمكان تغيير الأهداف والإشعارات.',
    'أُغلق تعديل هذا البرنامج بعد يومين من إنشائه. لا يزال بالإمكان تغيير الأهداف والإشعارات.',
  ),
};

export const carousel: Strings<typeof english.carousel> = {
  carousel: 'عرض دوّار',
  slide_role: 'شريحة',
  region: 'الأهداف',
  goal: 'هدف',
  slide: '%{name}: %{achieve} من %{target}',
  percent_of_target: '%{percent}% من المستهدف',
  no_goals: 'لم تُحدَّد أهداف',
  previous: 'الأهداف السابقة',
  next: 'الأهداف التالية',
};
