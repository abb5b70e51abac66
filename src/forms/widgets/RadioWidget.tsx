/**
 * The theme's radio buttons without the null choice. The compiler lists `{ const: null }`
 * among a choice field's `oneOf` so that "no answer" stays valid; as a radio button it would be
 * an extra button with no label under every radio field.
 */
import type { WidgetProps } from '@rjsf/utils';
import { Widgets } from '@rjsf/mui';

const ThemeRadioWidget = Widgets.RadioWidget!;

export default function RadioWidget(props: WidgetProps) {
  const enumOptions = props.options.enumOptions?.filter((option) => option.value !== null);
  return <ThemeRadioWidget {...props} options={{ ...props.options, enumOptions }} />;
}
