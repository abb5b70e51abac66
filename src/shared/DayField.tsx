/**
 * A day typed as the console shows dates, DD-MM-YYYY (the browser's own date input would write
 * mm/dd/yyyy in American English, and a page cannot change that). Says so while the text is no
 * calendar day; `problem` is another message to show (a range backwards).
 */
import { TextField } from '@mui/material';
import { isoDay } from './typed-day';
import { useT } from '../i18n/use-t';

export function DayField({
  label,
  value,
  onChange,
  problem,
  size,
}: {
  label: string;
  value: string;
  onChange(text: string): void;
  problem?: string;
  size?: 'small' | 'medium';
}) {
  const t = useT();
  const bad = isoDay(value) === null;
  return (
    <TextField
      label={label}
      size={size}
      placeholder={t('app.people.shared.day_placeholder')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={bad || problem !== undefined}
      helperText={bad ? t('app.people.shared.bad_day') : problem}
      sx={{ flex: 1, minWidth: 0 }}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
    />
  );
}
