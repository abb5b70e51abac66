import type { Strings } from '../catalogue';
import type { forms as english } from '../en/forms';
import { builder, check, operators, types } from './forms-builder';
import { compiler, preview } from './forms-preview';
import { changes, revisions } from './forms-revisions';
import { view_lists } from './forms-view-lists';
import { arabicPlural } from './plural';

export const forms: Strings<typeof english> = {
  common: {
    fields: arabicPlural('حقل واحد', '%{smart_count} حقول', 'حقلان'),
    quoted: '«%{text}»',
    separator: '، ',
    semicolon: '؛ ',
    something_wrong: 'حدث خطأ ما',
  },
  list: {
    view_list: 'القوائم المرجعية',
    empty: 'لم يُعثر على نموذج بهذا الاسم',
    delete_warning: 'تُحذف مراجعاته المنشورة معه.',
    not_published: 'غير منشور',
    revisions: arabicPlural('مراجعة واحدة', '%{smart_count} مراجعات', 'مراجعتان'),
    unpublished: {
      only_published: 'يمكن اختيار النماذج المنشورة فقط.',
      not_listed: 'غير منشورة بعد، لذا لا تظهر في القائمة:',
      open_to_publish: 'افتح «%{name}» لنشره',
      more: 'و%{count} غيرها',
    },
  },
  builder,
  types,
  operators,
  check,
  preview,
  compiler,
  revisions,
  changes,
  view_lists,
};
