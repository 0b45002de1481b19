// Files are read through one buffer, read into again for each 1 MiB chunk
// (inputBytes): what is read across chunks must be the file, and what a
// reader holds over a read must be a copy.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { inputBytes, peekBytes } from "../src/input.js";
import { randomBits } from "./_reference.js";
import { rankOf } from "./_run.js";

const folder = mkdtempSync(join(tmpdir(), "lightsout-input-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** `bytes` in chunks of `size` read into one buffer, which is filled with junk before each read and at the end. */
async function* reusedChunks(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  const buffer = new Uint8Array(size);
  for (let i = 0; i < bytes.length; i += size) {
    buffer.fill(0x2a);
    const n = Math.min(size, bytes.length - i);
    buffer.set(bytes.subarray(i, i + n));
    yield buffer.subarray(0, n);
  }
  buffer.fill(0x2a);
}

/** Every chunk of a stream, each copied as it comes (before the next read). */
async function collect(chunks: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const copies: Buffer[] = [];
  for await (const chunk of chunks) copies.push(Buffer.from(chunk));
  return Buffer.concat(copies);
}

/**
 * A P4 file of a rows x cols matrix of rank `rank`: rows 0..rank-1 have a
 * 1 on the diagonal and random bits right of it, every later row is the sum
 * of two earlier ones, so a changed bit in them shows in the rank.
 */
function lowRankP4(rows: number, cols: number, rank: number, seed: number): Buffer {
  const random = randomBits(rows, cols, seed);
  const m: number[][] = [];
  for (let i = 0; i < rows; i++) {
    if (i < rank) m.push(random[i]!.map((bit, j) => (j < i ? 0 : j === i ? 1 : bit)));
    else m.push(m[i - 1]!.map((bit, j) => bit ^ m[(i * 7919 + 13) % (i - 1)]![j]!));
  }
  const rowBytes = Math.ceil(cols / 8);
  const raster = Buffer.alloc(rows * rowBytes);
  m.forEach((row, i) => {
    row.forEach((bit, j) => {
      if (bit) raster[i * rowBytes + (j >> 3)]! |= 0x80 >> (j & 7);
    });
  });
  return Buffer.concat([Buffer.from(`P4\n${cols} ${rows}\n`), raster]);
}

describe("reading files through one buffer", () => {
  it("a file of several reads comes whole, chunk by chunk, and a missing one is named", async () => {
    const data = Buffer.alloc(5 * 2 ** 19 + 777);
    for (let i = 0; i < data.length; i++) data[i] = Math.imul(i, 2654435761) >>> 24;
    const file = join(folder, "bytes.bin");
    writeFileSync(file, data);
    expect((await collect(inputBytes(file).chunks)).equals(data)).toBe(true);
    writeFileSync(file, "");
    expect((await collect(inputBytes(file).chunks)).length).toBe(0);
    await expect(collect(inputBytes(join(folder, "missing.pbm")).chunks)).rejects.toThrow(
      /cannot read '.*missing\.pbm': no such file or directory/,
    );
  });

  it("peekBytes copies what it holds over a read: the head and the stream again are the bytes", async () => {
    const data = new TextEncoder().encode("%%MatrixMarket matrix coordinate pattern general\n2 2 1\n1 1\n");
    for (const size of [1, 2, 5, 16, 17, 64, 4096]) {
      const { head, rest } = await peekBytes(reusedChunks(data, size), 14);
      expect(new TextDecoder().decode(head).startsWith("%%MatrixMarket"), `chunks of ${size}`).toBe(true);
      expect((await collect(rest)).equals(data), `chunks of ${size}`).toBe(true);
    }
  });

  it("a P4 file of 1.2 MiB (two reads into one buffer) has the rank it was made with", async () => {
    const file = join(folder, "low-rank.pbm");
    writeFileSync(file, lowRankP4(3200, 3100, 1700, 5));
    expect(await rankOf([file, "--threads", "1"])).toEqual({ rows: 3200, cols: 3100, rank: 1700, nullity: 1400 });
  });

  it("a dense text file of 3 MiB (three reads, rows cut between them) has the rank it was made with", async () => {
    const p4 = lowRankP4(1760, 1750, 900, 6);
    const header = `P4\n1750 1760\n`.length;
    const rows: string[] = [];
    for (let i = 0; i < 1760; i++) {
      let row = "";
      for (let j = 0; j < 1750; j++) row += (p4[header + i * 219 + (j >> 3)]! >> (7 - (j & 7))) & 1;
      rows.push(row);
    }
    const file = join(folder, "low-rank.txt");
    writeFileSync(file, `${rows.join("\n")}\n`);
    expect(await rankOf([file, "--threads", "1"])).toEqual({ rows: 1760, cols: 1750, rank: 900, nullity: 850 });
  });
});
