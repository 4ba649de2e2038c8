import * as api from '../../shared/api/rules.ts';
import { type Binding, handle } from '../http/contracts.ts';
import { ruleHistory } from './history.ts';
import { deleteRule, listRules, previewRule, ruleBadges, ruleDetail, ruleTemplates, saveRule, toggleRule } from './service.ts';

/** `/capi/napi/rules/*` (docs/rules.md). Rules live in the service. */
export const ruleRoutes: Binding[] = [
  handle(api.ruleIndex, ({ deps, actor, input }) => listRules(deps, actor, input)),
  handle(api.ruleDetail, ({ deps, actor, input }) => ruleDetail(deps, actor, input.id)),
  handle(api.ruleSave, ({ deps, actor, input }) => saveRule(deps, actor, input)),
  handle(api.ruleToggle, ({ deps, actor, input }) => toggleRule(deps, actor, input.id, input.enabled)),
  handle(api.ruleDelete, ({ deps, actor, input }) => deleteRule(deps, actor, input.id)),
  handle(api.rulePreviewCall, ({ deps, actor, input }) => previewRule(deps, actor, input)),
  handle(api.ruleHistory, ({ deps, actor, input }) => ruleHistory(deps, actor, input)),
  handle(api.ruleTemplates, () => ruleTemplates()),
  handle(api.ruleBadges, ({ deps, actor, input }) => ruleBadges(deps, actor, input)),
];
