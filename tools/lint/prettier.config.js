// The house format: single quotes, wide lines (the code favours one statement per line).
export default { singleQuote: true, printWidth: 140 };
