// Prints the page's measure of each name read from stdin (a JSON list): its columns, whether the
// server's limits (argv[2], the rules' `names` as JSON) are too small for it, and whether its first
// character is a combining mark to this Node (whose Unicode version may not be Python's).
import { nameColumns, nameTooWide, useNameRules } from '../../../web/js/common/name-width.js';

useNameRules(JSON.parse(process.argv[2]));
let input = '';
for await (const chunk of process.stdin) input += chunk;
const names = JSON.parse(input);
process.stdout.write(JSON.stringify(names.map((/** @type {string} */ n) => [nameColumns(n), nameTooWide(n), /^[\p{Mn}\p{Me}]/u.test(n)])));
