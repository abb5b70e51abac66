/**
 * The resource map, checked: assertModelValid() runs every check of resource-map-check.ts on
 * the live registries of schema-registry.ts — the map and schemas the servers and the console
 * actually use, including any entity added to them at run time (the tests' fixture model) —
 * and stops with one message naming the first mistake. The servers call it before they build
 * anything from the map; codegen runs the same checks on the files.
 */
import { allSchemas, resourceMap } from './schema-registry';
import { assertModelChecks, checkModel, type ModelProblem } from './resource-map-check';

export { checkModel, ModelError, problemLine, type ModelProblem } from './resource-map-check';

/** The problems of the model in use now (empty when it is sound). */
export const modelProblems = (): ModelProblem[] => checkModel(allSchemas, resourceMap);

/** Throws a ModelError ("schemas/resources.json: site.list.columns: ...") when the model in use does not check. */
export function assertModelValid(): void {
  assertModelChecks(allSchemas, resourceMap);
}
