/**
 * The theme's radio buttons and select, offering only the form's choices. The compiler lists
 * `null` among a choice field's answers (so a cleared optional answer stays valid); shown, it was
 * a blank radio button, ticked while nothing was chosen, and a blank last entry in a dropdown.
 */
import { Widgets } from '@rjsf/mui';
import type { WidgetProps } from '@rjsf/utils';

const offered = (props: WidgetProps): WidgetProps => ({
  ...props,
  options: { ...props.options, enumOptions: props.options.enumOptions?.filter((option) => option.value !== null) },
});

export const ChoiceRadioWidget = (props: WidgetProps) => <Widgets.RadioWidget {...offered(props)} />;

export const ChoiceSelectWidget = (props: WidgetProps) => <Widgets.SelectWidget {...offered(props)} />;
