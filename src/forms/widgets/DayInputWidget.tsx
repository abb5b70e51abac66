/**
 * The preview's date and date-time inputs, in DD/MM/YYYY (and HH:MM) like every date the
 * console shows (spec 2 §9). The browser's own date input writes the date in the order of the
 * browser's language (mm/dd/yyyy in American English), which a page cannot change; so the text
 * is typed as people here write it, and a calendar button opens the browser's own picker for
 * those who would rather click. (Worded with the provider's translate, as the rest of the preview.)
 */
import { useRef, useState } from 'react';
import { IconButton, InputAdornment, TextField } from '@mui/material';
import EventIcon from '@mui/icons-material/Event';
import type { WidgetProps } from '@rjsf/utils';
import { dayText, momentText, storedDay, storedMoment } from './day-text';
import { translate } from '../../providers/i18n-provider';

function DayInput(props: WidgetProps & { withTime: boolean }) {
  const { id, label, hideLabel, value, required, disabled, readonly, rawErrors, onChange, onBlur, onFocus, withTime, placeholder } = props;
  const shown = withTime ? momentText(value) : dayText(value);
  const [text, setText] = useState(shown);
  const [lastShown, setLastShown] = useState(shown);
  // A value set from outside (Reset preview, the picker) replaces what is typed.
  if (shown !== lastShown) {
    setLastShown(shown);
    if ((withTime ? storedMoment(text) : storedDay(text)) !== value) setText(shown);
  }
  const picker = useRef<HTMLInputElement>(null);
  const change = (next: string) => {
    setText(next);
    const stored = withTime ? storedMoment(next) : storedDay(next);
    setLastShown(withTime ? momentText(stored) : dayText(stored));
    onChange(stored);
  };
  const format = withTime ? translate('app.forms.preview.date.moment_format') : translate('app.forms.preview.date.day_format');
  return (
    <TextField
      id={id}
      label={hideLabel ? undefined : label}
      value={text}
      required={required}
      disabled={disabled || readonly}
      error={Boolean(rawErrors?.length)}
      placeholder={placeholder || format}
      helperText={format}
      onChange={(e) => change(e.target.value)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      fullWidth
      slotProps={{
        htmlInput: { inputMode: 'numeric' },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={translate(withTime ? 'app.forms.preview.date.pick_moment' : 'app.forms.preview.date.pick_day', {
                  label: label || translate('app.forms.preview.date.this_field'),
                })}
                edge="end"
                disabled={disabled || readonly}
                onClick={() => picker.current?.showPicker?.()}
              >
                <EventIcon />
              </IconButton>
              <input
                ref={picker}
                type={withTime ? 'datetime-local' : 'date'}
                tabIndex={-1}
                aria-hidden
                style={{ position: 'absolute', right: 0, bottom: 0, width: 1, height: 1, opacity: 0, pointerEvents: 'none' }}
                onChange={(e) => {
                  const [date = '', time = ''] = e.target.value.split('T');
                  const day = dayText(date);
                  change(withTime ? `${day} ${time.slice(0, 5)}` : day);
                }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

export const DateWidget = (props: WidgetProps) => <DayInput {...props} withTime={false} />;
export const DateTimeWidget = (props: WidgetProps) => <DayInput {...props} withTime />;
