// Compiles each file named on the command line as an ES module, in one Node process (`node --check` is
// a process a file, and a second of the suite's time every ten modules), and prints a JSON object from
// each file to its syntax error's message, or null when it compiles. Run with --experimental-vm-modules.
import { readFileSync } from 'node:fs';
import vm from 'node:vm';

/** @type {Record<string, string | null>} */
const errors = {};
for (const file of process.argv.slice(2)) {
  try {
    new vm.SourceTextModule(readFileSync(file, 'utf8'), { identifier: file });
    errors[file] = null;
  } catch (error) {
    errors[file] = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  }
}
process.stdout.write(JSON.stringify(errors));
