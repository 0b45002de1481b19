// Where JSON text first goes wrong. JSON.parse's messages in Node 20 often
// carry no position, and file errors must name line:column.

/** Offset of the first syntax error in `text`, or -1 when it is valid JSON. */
export function jsonErrorOffset(text: string): number {
  let i = 0;
  const ws = () => {
    while (i < text.length && " \t\r\n".includes(text[i]!)) i++;
  };
  const fail = (): never => {
    throw i;
  };
  const literal = (word: string) => {
    if (text.startsWith(word, i)) i += word.length;
    else fail();
  };
  const string = () => {
    i++; // opening quote
    while (i < text.length && text[i] !== '"') {
      if (text[i] === "\\") i++;
      else if (text.charCodeAt(i) < 0x20) fail();
      i++;
    }
    if (i >= text.length) fail();
    i++;
  };
  const number = () => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!m || m[0] === "" || m[0] === "-") fail();
    i += m![0].length;
  };
  /** An object or array from its opening bracket: items separated by commas up to `close`. */
  const list = (close: string, item: () => void): void => {
    i++;
    ws();
    if (text[i] === close) return void i++;
    for (;;) {
      item();
      ws();
      if (text[i] === ",") i++;
      else if (text[i] === close) return void i++;
      else fail();
    }
  };
  /** "name": value, inside an object. */
  const member = (): void => {
    ws();
    if (text[i] !== '"') fail();
    string();
    ws();
    if (text[i] !== ":") fail();
    i++;
    value();
  };
  const value = (): void => {
    ws();
    const ch = text[i];
    if (ch === "{") return list("}", member);
    if (ch === "[") return list("]", value);
    if (ch === '"') return string();
    if (ch === "t") return literal("true");
    if (ch === "f") return literal("false");
    if (ch === "n") return literal("null");
    return number();
  };
  try {
    value();
    ws();
    return i < text.length ? i : -1;
  } catch (offset) {
    return offset as number;
  }
}
