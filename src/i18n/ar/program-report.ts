import type { Strings } from '../catalogue';
import type * as english from '../en/program-report';

export const report: Strings<typeof english.report> = {
  title: 'تقارير البرنامج',
  title_named: '%{name}: تقارير البرنامج',
  period: 'الفترة',
  last_weeks: 'الأسابيع الأخيرة: %{count}',
  weeks_note: 'تمتد الأسابيع من الاثنين إلى الأحد (بتوقيت UTC). لا تُحتسب إلا المستندات التي يمكنك رؤيتها.',
  loading_chart: 'جارٍ تحميل الرسم البياني',
  download_csv: 'تنزيل CSV',
  no_document: 'لم يُعثر على أي مستند',
  no_team_member: 'لا يوجد أعضاء في الفريق بعد',
  goal_progress: 'تقدّم الأهداف',
  documents_per_week: 'المستندات في كل أسبوع',
  team_members: 'أعضاء الفريق',
  document_type: 'نوع المستند',
  all_time: 'منذ البداية',
  role: 'الدور',
  team_member: 'عضو في الفريق',
  submitted: 'المُرسَلة',
  processed: 'المُعالَجة',
  not_processed: 'غير المُعالَجة',
};
