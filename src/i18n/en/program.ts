/** The program screens' texts (filled as the screens move to the catalogue). */
export const program = {};
