/**
 * Arabic has six plural forms, and polyglot picks one by the count: 0, 1, 2, 3–10, 11–99,
 * 100–102 and the rest. A text written as "one |||| many" would show "many" for one item, so
 * each plural text is spelt in all six: none, one, two (the dual), a few, many, and the rest.
 */
export const arabicPlural = (one: string, many: string, two = many) => [many, one, two, many, many, many].join(' |||| ');
