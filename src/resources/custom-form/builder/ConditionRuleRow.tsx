/**
 * One condition rule: how it joins the rule before it, the field it looks at (never the field
 * itself: its own entry is listed but disabled), the operator, and the value to compare with.
 */
import { Box, IconButton, MenuItem, TextField, Tooltip } from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import type { ConditionOperator, ConditionRule } from '@model/forms/field-definition';
import { OPERATOR_LABELS, operatorsFor, ruleAbout, takesValue, type RuleTarget } from './rule-targets';

interface ConditionRuleRowProps {
  rule: ConditionRule;
  index: number;
  ownName: string;
  targets: RuleTarget[];
  onChange: (rule: ConditionRule) => void;
  onRemove: () => void;
}

function ValueInput({ rule, target, onChange }: { rule: ConditionRule; target?: RuleTarget; onChange: (value: string) => void }) {
  const common = { size: 'small' as const, label: 'Value', value: rule.value ?? '', sx: { flex: '1 1 140px' } };
  if (target?.type === 'boolean')
    return (
      <TextField select {...common} onChange={(e) => onChange(e.target.value)}>
        <MenuItem value="true">Yes</MenuItem>
        <MenuItem value="false">No</MenuItem>
      </TextField>
    );
  const equality = rule.show === 'is-equal-to' || rule.show === 'not-equal-to' || rule.show === 'contains';
  if (equality && target && target.options.length > 0) {
    const known = target.options.some((o) => o.value === rule.value);
    return (
      <TextField select {...common} onChange={(e) => onChange(e.target.value)}>
        {!known && <MenuItem value={rule.value ?? ''}>{rule.value || 'Choose a value'}</MenuItem>}
        {target.options.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  return <TextField {...common} label={rule.show === 'matches-pattern' ? 'Pattern' : 'Value'} onChange={(e) => onChange(e.target.value)} />;
}

export function ConditionRuleRow({ rule, index, ownName, targets, onChange, onRemove }: ConditionRuleRowProps) {
  const target = targets.find((t) => t.name === rule.field_name);
  const listed = targets.some((t) => t.name === rule.field_name);
  const operators = operatorsFor(target?.type);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }} data-testid="condition-rule">
      {index === 0 ? (
        <Box component="span" sx={{ width: 84, fontSize: 14, color: 'text.secondary' }}>
          Show when
        </Box>
      ) : (
        <TextField
          select
          size="small"
          label="Join"
          value={rule.cond ?? 'and'}
          onChange={(e) => onChange({ ...rule, cond: e.target.value as 'and' | 'or' })}
          sx={{ width: 84 }}
        >
          <MenuItem value="and">and</MenuItem>
          <MenuItem value="or">or</MenuItem>
        </TextField>
      )}
      <TextField
        select
        size="small"
        label="Field"
        value={rule.field_name}
        onChange={(e) =>
          onChange(
            ruleAbout(
              targets.find((t) => t.name === e.target.value),
              { show: rule.show, cond: rule.cond },
            ),
          )
        }
        sx={{ flex: '2 1 160px' }}
      >
        {!listed && (
          <MenuItem value={rule.field_name} disabled>
            {rule.field_name ? `${rule.field_name} (not a field of this form)` : 'Choose a field'}
          </MenuItem>
        )}
        {targets.map((t) => (
          <MenuItem key={t.name} value={t.name} disabled={t.name === ownName}>
            {t.label}
            {t.name === ownName ? ' (this field)' : ''}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Operator"
        value={operators.includes(rule.show) ? rule.show : ''}
        onChange={(e) => onChange({ ...rule, show: e.target.value as ConditionOperator })}
        sx={{ flex: '1 1 150px' }}
      >
        {operators.map((op) => (
          <MenuItem key={op} value={op}>
            {OPERATOR_LABELS[op]}
          </MenuItem>
        ))}
      </TextField>
      {takesValue(rule.show) && <ValueInput rule={rule} target={target} onChange={(value) => onChange({ ...rule, value })} />}
      <Tooltip title="Remove this condition">
        <IconButton size="small" aria-label={`Remove condition ${index + 1}`} onClick={onRemove}>
          <DeleteOutlineIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
