// The structure every command's --help follows, checked without pinning its
// wording: the usage line with the command's arguments, a description, each
// argument and option listed with a description, examples of the command,
// and the exit codes last.
import type { Command } from "commander";
import { expect } from "vitest";

/** A help text cut into its sections: a header starts at column 0 and ends in ':' or opens a paragraph. */
export interface ParsedHelp {
  lines: string[];
  /** The headers in order: "Options:", "Examples:", "Exit codes:" (or the first words of a paragraph, "Input formats"). */
  headers: string[];
  /** The indented lines under a header ("Options:" etc.). */
  section(header: string): string[];
}

export function parseHelp(text: string): ParsedHelp {
  const lines = text.replace(/\n$/, "").split("\n");
  const headers: string[] = [];
  const starts = new Map<string, number>();
  lines.forEach((line, i) => {
    if (i === 0 || lines[i - 1] !== "") return;
    // "Options:" alone, "Exit codes: 0 ...", "Input formats (read as ...):"
    const match = /^([A-Z][a-z]+(?: [a-z]+)?)(:| \()/.exec(line);
    if (!match) return;
    const header = match[2] === ":" ? `${match[1]}:` : match[1]!;
    headers.push(header);
    starts.set(header, i);
  });
  return {
    lines,
    headers,
    section(header) {
      const at = starts.get(header);
      if (at === undefined) return [];
      const out: string[] = [];
      for (let i = at + 1; i < lines.length && lines[i]!.startsWith("  "); i++) out.push(lines[i]!);
      return out;
    },
  };
}

/** The item `term` of a section, with a description beside it (commander pads the term, then the text). */
function described(section: string[], term: string): boolean {
  return section.some((line) => line.startsWith(`  ${term}  `) && line.slice(2 + term.length).trim() !== "");
}

/**
 * Throws (an assertion) unless `text`, the help of `command` run as
 * `lightsout ...path --help`, has the structure every command's help has.
 */
export function checkHelpStructure(text: string, command: Command, path: string[]): void {
  const where = `lightsout ${path.join(" ")} --help`;
  const help = parseHelp(text);
  const args = command.registeredArguments.map((arg) => {
    const name = `${arg.name()}${arg.variadic ? "..." : ""}`;
    return arg.required ? `<${name}>` : `[${name}]`;
  });
  const usage = [
    `Usage: lightsout ${path.join(" ")} [options]`,
    ...(command.commands.length ? ["[command]"] : []),
    ...args,
  ];
  expect(help.lines[0], where).toBe(usage.join(" "));
  expect(help.lines[1], where).toBe("");
  expect(help.lines[2]?.trim(), `${where}: a description`).not.toBe("");
  const argumentLines = help.section("Arguments:");
  for (const arg of command.registeredArguments) {
    if (arg.description) expect(described(argumentLines, arg.name()), `${where}: argument ${arg.name()}`).toBe(true);
  }
  const options = help.section("Options:");
  for (const option of [...command.options.filter((o) => !o.hidden), { flags: "-h, --help", description: "" }]) {
    expect(described(options, option.flags), `${where}: option ${option.flags} with a description`).toBe(true);
  }
  const commands = help.section("Commands:");
  for (const sub of command.commands) {
    expect(
      commands.some((line) => line.startsWith(`  ${sub.name()}`)),
      `${where}: command ${sub.name()}`,
    ).toBe(true);
  }
  const examples = help.section("Examples:");
  expect(
    examples.some((line) => line.startsWith(`  $ lightsout ${path.join(" ")}`)),
    `${where}: an example of the command`,
  ).toBe(true);
  // the exit codes close every help
  expect(help.headers.at(-1), `${where}: exit codes last`).toBe("Exit codes:");
  expect(help.lines.at(-2), where).toMatch(/^Exit codes: 0 answered, 1 bad input, 2 usage error\.$/);
}
