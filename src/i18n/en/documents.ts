/** The documents screens' texts (filled as the screens move to the catalogue). */
export const documents = {};
