/** The audit screens' texts (filled as the screens move to the catalogue). */
export const audit = {};
