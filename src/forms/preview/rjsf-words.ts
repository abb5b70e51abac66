/**
 * RJSF's own words (its buttons' titles, Yes/No, the optional-data controls) in the language in
 * use: the ones a compiled form can show are in the catalogue; any other keeps RJSF's English.
 */
import { englishStringTranslator, TranslatableString } from '@rjsf/utils';
import type { MessageKey } from '../../i18n/catalogue';
import { translate } from '../../providers/i18n-provider';

const KEYS: Partial<Record<TranslatableString, MessageKey>> = {
  [TranslatableString.YesLabel]: 'ra.boolean.true',
  [TranslatableString.NoLabel]: 'ra.boolean.false',
  [TranslatableString.AddButton]: 'ra.action.add',
  [TranslatableString.AddItemButton]: 'app.forms.preview.rjsf.add_item',
  [TranslatableString.CopyButton]: 'app.forms.preview.rjsf.copy',
  [TranslatableString.MoveDownButton]: 'ra.action.move_down',
  [TranslatableString.MoveUpButton]: 'ra.action.move_up',
  [TranslatableString.RemoveButton]: 'ra.action.remove',
  [TranslatableString.ClearButton]: 'app.forms.preview.rjsf.clear',
  [TranslatableString.ErrorsLabel]: 'app.forms.preview.rjsf.errors',
  [TranslatableString.OptionalObjectAdd]: 'app.forms.preview.rjsf.optional_add',
  [TranslatableString.OptionalObjectRemove]: 'app.forms.preview.rjsf.optional_remove',
  [TranslatableString.OptionalObjectEmptyMsg]: 'app.forms.preview.rjsf.optional_empty',
  [TranslatableString.UnsupportedField]: 'app.forms.preview.rjsf.unsupported',
};

export function rjsfWords(text: TranslatableString, params?: string[]): string {
  const key = KEYS[text];
  return key ? translate(key) : englishStringTranslator(text, params);
}
