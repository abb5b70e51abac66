/** An event type's form: the checklist appears only when the type has one (has_checklist 'yes', spec 2 §2). */
import type { ReactElement } from 'react';
import { useWatch } from 'react-hook-form';
import type { ResourceScreens } from '../resource-screens';

export const WhenChecklist = ({ children }: { children: ReactElement }) => {
  const hasChecklist = useWatch({ name: 'has_checklist' });
  return hasChecklist === 'yes' ? children : null;
};

export const eventType: ResourceScreens = {
  form: { inputs: { check_list_items: (schemaMade) => <WhenChecklist>{schemaMade}</WhenChecklist> } },
};
