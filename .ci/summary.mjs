// Sums the test counts of every runner in a log (vitest's "Tests  N passed"
// lines and our smoke scripts' "N passed, N failed") into one closing line.
import { readFileSync } from "node:fs";

const text = readFileSync(process.argv[2], "utf8").replace(/\x1b\[[0-9;]*m/g, "");
let passed = 0;
let failed = 0;
let skipped = 0;
for (const line of text.split("\n")) {
  const vitest = line.match(/^\s*Tests\s+(.*)\(\d+\)\s*$/);
  const plain = line.match(/^(\d+) passed, (\d+) failed$/);
  if (vitest) {
    passed += Number(vitest[1].match(/(\d+) passed/)?.[1] ?? 0);
    failed += Number(vitest[1].match(/(\d+) failed/)?.[1] ?? 0);
    skipped += Number(vitest[1].match(/(\d+) skipped/)?.[1] ?? 0);
  } else if (plain) {
    passed += Number(plain[1]);
    failed += Number(plain[2]);
  }
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exitCode = passed === 0 ? 1 : 0;
