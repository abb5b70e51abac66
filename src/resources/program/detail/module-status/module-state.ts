/** Whether a module is on. A program read before its modules were set has them all on (the schema's default). */
import type { FullProgram, ProgramModule } from '../../../../providers/program-calls';

export const moduleActive = (program: FullProgram, module: ProgramModule) => program.active_module?.[module] !== false;
