/** One module tab of the program detail (Beneficiaries … Permission). Being built. */
import type { FullProgram, ProgramModule } from '../../../../providers/program-calls';

export interface ModuleTabProps {
  program: FullProgram;
  module: ProgramModule;
  /** Go to the Modules tab ('Back to all modules', 'Don't Activate'). */
  onBack(): void;
  /** The program changed (a type attached, a module activated): read it again. */
  onChanged(): void;
}

export const ModuleTab = (props: ModuleTabProps) => {
  void props;
  return null;
};
