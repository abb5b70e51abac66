/**
 * One condition rule: how it joins the rule before it, the field it looks at (never the field
 * itself: its own entry is listed but disabled), the operator, and the value to compare with.
 */
import { Box, IconButton, MenuItem, TextField, Tooltip } from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import type { ConditionOperator, ConditionRule } from '@model/forms/field-definition';
import { useT } from '../../../i18n/use-t';
import { OPERATOR_KEYS, operatorsFor, ruleAbout, takesValue, type RuleTarget } from './rule-targets';

interface ConditionRuleRowProps {
  rule: ConditionRule;
  index: number;
  ownName: string;
  targets: RuleTarget[];
  onChange: (rule: ConditionRule) => void;
  onRemove: () => void;
}

function ValueInput({ rule, target, onChange }: { rule: ConditionRule; target?: RuleTarget; onChange: (value: string) => void }) {
  const t = useT();
  const common = {
    size: 'small' as const,
    label: t('app.forms.builder.conditions.value'),
    value: rule.value ?? '',
    sx: { flex: '1 1 140px' },
  };
  if (target?.type === 'boolean')
    return (
      <TextField select {...common} onChange={(e) => onChange(e.target.value)}>
        <MenuItem value="true">{t('ra.boolean.true')}</MenuItem>
        <MenuItem value="false">{t('ra.boolean.false')}</MenuItem>
      </TextField>
    );
  const equality = rule.show === 'is-equal-to' || rule.show === 'not-equal-to' || rule.show === 'contains';
  if (equality && target && target.options.length > 0) {
    const known = target.options.some((o) => o.value === rule.value);
    return (
      <TextField select {...common} onChange={(e) => onChange(e.target.value)}>
        {!known && <MenuItem value={rule.value ?? ''}>{rule.value || t('app.forms.builder.conditions.choose_value')}</MenuItem>}
        {target.options.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  return (
    <TextField
      {...common}
      label={rule.show === 'matches-pattern' ? t('app.forms.builder.conditions.pattern') : t('app.forms.builder.conditions.value')}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

export function ConditionRuleRow({ rule, index, ownName, targets, onChange, onRemove }: ConditionRuleRowProps) {
  const target = targets.find((other) => other.name === rule.field_name);
  const listed = targets.some((other) => other.name === rule.field_name);
  const operators = operatorsFor(target?.type);
  const t = useT();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }} data-testid="condition-rule">
      {index === 0 ? (
        <Box component="span" sx={{ width: 84, fontSize: 14, color: 'text.secondary' }}>
          {t('app.forms.builder.conditions.show_when')}
        </Box>
      ) : (
        <TextField
          select
          size="small"
          label={t('app.forms.builder.conditions.join')}
          value={rule.cond ?? 'and'}
          onChange={(e) => onChange({ ...rule, cond: e.target.value as 'and' | 'or' })}
          sx={{ width: 84 }}
        >
          <MenuItem value="and">{t('app.forms.builder.conditions.and')}</MenuItem>
          <MenuItem value="or">{t('app.forms.builder.conditions.or')}</MenuItem>
        </TextField>
      )}
      <TextField
        select
        size="small"
        label={t('app.forms.builder.conditions.field')}
        value={rule.field_name}
        onChange={(e) =>
          onChange(
            ruleAbout(
              targets.find((other) => other.name === e.target.value),
              { show: rule.show, cond: rule.cond },
            ),
          )
        }
        sx={{ flex: '2 1 160px' }}
      >
        {!listed && (
          <MenuItem value={rule.field_name} disabled>
            {rule.field_name
              ? t('app.forms.builder.conditions.not_in_form', { name: rule.field_name })
              : t('app.forms.builder.conditions.choose_field')}
          </MenuItem>
        )}
        {targets.map((other) => (
          <MenuItem key={other.name} value={other.name} disabled={other.name === ownName}>
            {other.label}
            {other.name === ownName ? ` ${t('app.forms.builder.conditions.this_field')}` : ''}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('app.forms.builder.conditions.operator')}
        value={operators.includes(rule.show) ? rule.show : ''}
        onChange={(e) => onChange({ ...rule, show: e.target.value as ConditionOperator })}
        sx={{ flex: '1 1 150px' }}
      >
        {operators.map((op) => (
          <MenuItem key={op} value={op}>
            {t(OPERATOR_KEYS[op])}
          </MenuItem>
        ))}
      </TextField>
      {takesValue(rule.show) && <ValueInput rule={rule} target={target} onChange={(value) => onChange({ ...rule, value })} />}
      <Tooltip title={t('app.forms.builder.conditions.remove')}>
        <IconButton size="small" aria-label={t('app.forms.builder.conditions.remove_numbered', { number: index + 1 })} onClick={onRemove}>
          <DeleteOutlineIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
