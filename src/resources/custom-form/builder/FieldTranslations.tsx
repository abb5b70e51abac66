/**
 * A field's texts in the console's other languages, side by side: one row per text (label, help
 * text, placeholder, each option), the field's own text first, then a box per language. The
 * field's own texts are in the organisation's default language, so that language gets no box.
 * Folded until opened: most fields of most forms are never translated.
 */
import { useId } from 'react';
import { Accordion, AccordionDetails, AccordionSummary, Box, Stack, TextField, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { FormField } from '@model/forms/field-definition';
import type { FormLanguage } from '@model/forms/field-texts';
import { parseOptionChoice } from '@model/forms/options';
import { isolatedName, LOCALES, type Locale } from '../../../i18n/locales';
import { useT } from '../../../i18n/use-t';
import { useOrganisation } from '../../../settings/use-organisation';
import { textCount, withChoice, withText, type TextKey } from './translation-edits';

interface Row {
  key: string;
  name: string;
  own: string;
  value: (language: FormLanguage) => string;
  set: (language: FormLanguage, text: string) => FormField;
}

function TranslationRow({ row, languages, onChange }: { row: Row; languages: Locale[]; onChange: (field: FormField) => void }) {
  const t = useT();
  const nameId = useId();
  return (
    <Box
      role="group"
      aria-labelledby={nameId}
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', md: `minmax(0, 1fr) repeat(${languages.length}, minmax(0, 1.5fr))` },
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography id={nameId} variant="body2" sx={{ fontWeight: 600 }}>
          {row.name}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
          {row.own || t('app.forms.builder.translations.blank')}
        </Typography>
      </Box>
      {languages.map(({ locale, name, dir }) => (
        <TextField
          key={locale}
          size="small"
          label={name}
          value={row.value(locale as FormLanguage)}
          placeholder={row.own}
          onChange={(e) => onChange(row.set(locale as FormLanguage, e.target.value))}
          slotProps={{
            htmlInput: { lang: locale, dir, 'aria-label': t('app.forms.builder.translations.text_in', { text: row.name, language: name }) },
          }}
        />
      ))}
    </Box>
  );
}

export interface FieldTranslationsProps {
  field: FormField;
  /** Whether the field shows a placeholder (and so one to translate). */
  placeholder: boolean;
  /** Whether the field's options are its own (not a lookup list's rows). */
  options: boolean;
  onChange: (field: FormField) => void;
}

export function FieldTranslations({ field, placeholder, options, onChange }: FieldTranslationsProps) {
  const t = useT();
  const own = useOrganisation().language ?? 'en';
  const languages = LOCALES.filter((l) => l.locale !== own);
  const texts = (language: FormLanguage) => field.translations?.[language];
  const textRow = (key: TextKey, name: string, ownText: string | null | undefined): Row => ({
    key,
    name,
    own: ownText ?? '',
    value: (language) => texts(language)?.[key] ?? '',
    set: (language, text) => withText(field, language, key, text),
  });
  const rows: Row[] = [
    textRow('field_label', t('app.forms.builder.translations.label'), field.field_label),
    textRow('help_text', t('app.forms.builder.translations.help_text'), field.help_text),
    ...(placeholder ? [textRow('placeholder', t('app.forms.builder.translations.placeholder'), field.placeholder)] : []),
    ...(options
      ? parseOptionChoice(field.extra_details?.option_choice).map(({ value, label }): Row => ({
          key: `option:${value}`,
          name: t('app.forms.builder.translations.option', { value }),
          own: label,
          value: (language) => texts(language)?.choices?.[value] ?? '',
          set: (language, text) => withChoice(field, language, value, text),
        }))
      : []),
  ];
  const summary = languages
    .map((l) =>
      t('app.forms.builder.translations.count', { language: isolatedName(l), smart_count: textCount(field, l.locale as FormLanguage) }),
    )
    .join(t('app.forms.common.separator'));
  return (
    <Accordion disableGutters variant="outlined" slotProps={{ transition: { unmountOnExit: true } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Stack sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t('app.forms.builder.translations.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {summary}
          </Typography>
        </Stack>
      </AccordionSummary>
      <AccordionDetails>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {t('app.forms.builder.translations.hint')}
          </Typography>
          {rows.map((row) => (
            <TranslationRow key={row.key} row={row} languages={languages} onChange={onChange} />
          ))}
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
}
