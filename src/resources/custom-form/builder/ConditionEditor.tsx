/**
 * A field's conditional logic (spec 2 §2): switching it on adds one first rule, switching it
 * off clears every rule; removing the last rule switches it off too, so the switch never shows
 * "on" with nothing to decide.
 */
import { Box, Button, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { ConditionRule, FieldValidation } from '@model/forms/field-definition';
import { ConditionRuleRow } from './ConditionRuleRow';
import { useT } from '../../../i18n/use-t';
import { firstRule, ruleAbout, type RuleTarget } from './rule-targets';

interface ConditionEditorProps {
  validation: FieldValidation;
  ownName: string;
  targets: RuleTarget[];
  onChange: (validation: FieldValidation) => void;
}

const OFF: Pick<FieldValidation, 'condition_chack' | 'cond_logic'> = { condition_chack: false, cond_logic: [] };

export function ConditionEditor({ validation, ownName, targets, onChange }: ConditionEditorProps) {
  const t = useT();
  const rules = validation.condition_chack === false ? [] : (validation.cond_logic ?? []);
  const on = rules.length > 0 || validation.condition_chack === true;
  const setRules = (next: ConditionRule[]) =>
    onChange({ ...validation, ...(next.length ? { condition_chack: true, cond_logic: next } : OFF) });

  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            checked={on}
            onChange={(e) =>
              onChange({
                ...validation,
                ...(e.target.checked ? { condition_chack: true, cond_logic: [firstRule(targets, ownName)] } : OFF),
              })
            }
          />
        }
        label={t('app.forms.builder.conditions.switch')}
      />
      {on && (
        <Stack spacing={1.5} sx={{ mt: 1, pl: { sm: 1 } }}>
          <Typography variant="body2" color="text.secondary">
            {t('app.forms.builder.conditions.explain')}
          </Typography>
          {rules.map((rule, i) => (
            <ConditionRuleRow
              key={i}
              rule={rule}
              index={i}
              ownName={ownName}
              targets={targets}
              onChange={(changed) => setRules(rules.map((r, j) => (j === i ? changed : r)))}
              onRemove={() => setRules(rules.filter((_, j) => j !== i))}
            />
          ))}
          <Box>
            <Button
              size="small"
              startIcon={<AddIcon />}
              onClick={() => setRules([...rules, { ...ruleAbout(targets.find((other) => other.name !== ownName)), cond: 'and' }])}
            >
              {t('app.forms.builder.conditions.add')}
            </Button>
          </Box>
        </Stack>
      )}
    </Box>
  );
}
