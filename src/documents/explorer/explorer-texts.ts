/** How the Data Explorer writes its counts (its words are in the catalogue, src/i18n/en/documents.ts). */
const thousands = new Intl.NumberFormat('en-US');

/** 412377 → "412,377". */
export const formatCount = (n: number) => thousands.format(n);
