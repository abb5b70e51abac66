/** Which of the console's languages the preview shows a form's texts in (model/forms/field-texts.ts). */
import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { currentLocale } from '../../i18n/direction';
import { LOCALES } from '../../i18n/locales';
import { translate } from '../../providers/i18n-provider';

/** The console's language, or English in the pseudo-locale (forms have no texts in it). */
export function consoleLanguage(): string {
  const { locale } = currentLocale();
  return LOCALES.some((l) => l.locale === locale) ? locale : 'en';
}

export function PreviewLanguage({ value, onChange }: { value: string; onChange: (language: string) => void }) {
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={value}
      onChange={(_event, language: string | null) => language && onChange(language)}
      aria-label={translate('app.forms.preview.language')}
    >
      {LOCALES.map(({ locale, name }) => (
        <ToggleButton key={locale} value={locale} lang={locale} sx={{ py: 0.25, textTransform: 'none' }}>
          {name}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
