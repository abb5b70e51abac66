/** The team as the detail page lists it: program heads first, then members, each in the program's order. */
import type { FullProgram, TeamMember } from '../../../../providers/program-calls';

export interface TeamRow {
  member: TeamMember;
  head: boolean;
}

export const teamRows = (program: Pick<FullProgram, 'program_head' | 'teams'>): TeamRow[] => [
  ...program.program_head.map((member) => ({ member, head: true })),
  ...program.teams.map((member) => ({ member, head: false })),
];
