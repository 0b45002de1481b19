// The heap behind `alloc` and `free`: segregated free lists with boundary
// sizes, over all of linear memory (up to 65535 pages, just under 4 GiB;
// a 65536th page would put the end of memory at 2^32, which a u32 cannot
// hold). Every address and size is a u32 (usize): blocks past 2 GiB are
// ordinary.
//
// Memory from __heap_base on is a row of blocks, each a 16-byte header
// followed by its payload (a multiple of 16 bytes, 16-aligned):
//
//   | start sentinel | block | block | ... | block | end sentinel |
//
//   header +0   payload size | FREE (bit 0)
//          +4   payload size of the block on the left
//          +8   next block in its free list   (free blocks only)
//          +12  previous block in its free list
//
// The sentinels are used blocks of size 0, so every block has a neighbour
// on each side. Two free blocks are never adjacent: `release` merges them.
// Free blocks of payload size s sit in list floor(log2 s); a request looks
// for the first fit in its own list, then takes any block of a larger list
// (all of which fit). Nothing is written before memory has grown enough,
// so a request that traps leaves the heap as it was.

/**
 * Payload bytes of the largest block: 4 GiB less 64 MiB, the most memory
 * can hold beside the runtime. Callers keep their own lower limits (core
 * hands out 1 GiB blocks except for GF(2) matrices, whose kernels address
 * rows with unsigned 32-bit offsets: layout.ts).
 */
const MAX_BLOCK: usize = 0xfc00_0000;

const HEADER: usize = 16;
const FREE: u32 = 1;
const LISTS = 32;

/** Heads of the free lists (header addresses, 0 when empty). */
const heads = memory.data(LISTS * 4, 16);
/** Bit c set when list c is not empty. */
let nonEmpty: u32 = 0;
/** Header of the end sentinel (0 before the first request). */
let endSentinel: usize = 0;

@inline function sizeOf(h: usize): usize {
  return load<u32>(h) & ~FREE;
}

@inline function isFree(h: usize): bool {
  return (load<u32>(h) & FREE) != 0;
}

@inline function leftOf(h: usize): usize {
  return h - HEADER - <usize>load<u32>(h, 4);
}

@inline function rightOf(h: usize): usize {
  return h + HEADER + sizeOf(h);
}

@inline function listOf(size: usize): u32 {
  return 31 - <u32>clz<u32>(<u32>size);
}

function unlink(h: usize): void {
  const next = load<u32>(h, 8);
  const prev = load<u32>(h, 12);
  const c = listOf(sizeOf(h));
  if (prev != 0) store<u32>(prev, next, 8);
  else {
    store<u32>(heads + (<usize>c << 2), next);
    if (next == 0) nonEmpty &= ~(<u32>1 << c);
  }
  if (next != 0) store<u32>(next, prev, 12);
}

/** Marks the block at `h` free with payload `size`, tells its right neighbour, and lists it. */
function list(h: usize, size: usize): void {
  const c = listOf(size);
  const head = load<u32>(heads + (<usize>c << 2));
  store<u32>(h, <u32>size | FREE);
  store<u32>(h, head, 8);
  store<u32>(h, 0, 12);
  if (head != 0) store<u32>(head, <u32>h, 12);
  store<u32>(heads + (<usize>c << 2), <u32>h);
  nonEmpty |= <u32>1 << c;
  store<u32>(h + HEADER + size, <u32>size, 4);
}

/** A free block with a payload of at least `size` bytes, or 0. */
function findFree(size: usize): usize {
  const c = listOf(size);
  let h: usize = load<u32>(heads + (<usize>c << 2));
  while (h != 0) {
    if (sizeOf(h) >= size) return h;
    h = load<u32>(h, 8);
  }
  const larger = c < 31 ? nonEmpty & ~((<u32>2 << c) - 1) : 0;
  return larger != 0 ? <usize>load<u32>(heads + (<usize>ctz(larger) << 2)) : 0;
}

/**
 * Frees the block at `h` with payload `size` (its own header is not read),
 * merged with free neighbours.
 */
function release(h: usize, size: usize): void {
  const right = h + HEADER + size;
  if (isFree(right)) {
    unlink(right);
    size += HEADER + sizeOf(right);
  }
  const left = leftOf(h);
  if (isFree(left)) {
    unlink(left);
    size += HEADER + sizeOf(left);
    h = left;
  }
  list(h, size);
}

/** Turns memory from the end sentinel to `end` into a free block and a new end sentinel. */
function extend(end: usize): void {
  const h = endSentinel;
  endSentinel = end - HEADER;
  store<u32>(endSentinel, 0);
  release(h, endSentinel - h - HEADER);
}

function initialize(): void {
  const start = (__heap_base + 15) & ~15;
  // the start sentinel, and an end sentinel right after it
  store<u32>(start, 0);
  store<u32>(start, 0, 4);
  endSentinel = start + HEADER;
  store<u32>(endSentinel, 0);
  store<u32>(endSentinel, 0, 4);
  const end = <usize>memory.size() << 16;
  if (end - endSentinel >= 3 * HEADER) extend(end);
}

/**
 * Grows memory so that a block of `size` bytes fits at the end; traps,
 * having written nothing, when it cannot. Grows by a quarter of the memory
 * at least (fewer grows, each of which invalidates every view in
 * JavaScript), or by just enough when that fails.
 */
function grow(size: usize): void {
  const tail = leftOf(endSentinel);
  const credit: u64 = isFree(tail) ? <u64>sizeOf(tail) + HEADER : 0;
  // the block's header is the old end sentinel; a new one follows it
  const need = <u64>size + HEADER - min<u64>(credit, <u64>size);
  const pages = <i32>((need + 0xffff) >> 16);
  const before = memory.size();
  if (<i64>before + pages > 65535) unreachable();
  const wanted = max(pages, min(before >> 2, 65535 - before));
  if (memory.grow(wanted) < 0 && (wanted == pages || memory.grow(pages) < 0)) unreachable();
  extend(<usize>memory.size() << 16);
}

/**
 * A 16-aligned block of at least `bytes` bytes (not zeroed), at most MAX_BLOCK.
 * JavaScript reads the returned i32 as signed: read it with `>>> 0` (blocks
 * lie anywhere below 4 GiB). Traps when `bytes` is over MAX_BLOCK or memory
 * cannot grow, leaving the heap unchanged.
 */
export function allocate(bytes: usize): usize {
  if (bytes > MAX_BLOCK) unreachable();
  if (endSentinel == 0) initialize();
  const size: usize = bytes <= HEADER ? HEADER : (bytes + 15) & ~15;
  let h = findFree(size);
  if (h == 0) {
    grow(size);
    h = findFree(size);
    if (h == 0) unreachable(); // cannot happen: grow made the last block large enough
  }
  unlink(h);
  let total = sizeOf(h);
  if (total - size >= 2 * HEADER) {
    const rest = h + HEADER + size;
    store<u32>(rest, <u32>size, 4);
    list(rest, total - size - HEADER);
    total = size;
  }
  store<u32>(h, <u32>total);
  return h + HEADER;
}

/** Returns a block from `allocate`; traps on a pointer that is plainly not a used block (0 is ignored). */
export function deallocate(ptr: usize): void {
  if (ptr == 0) return;
  const h = ptr - HEADER;
  if ((ptr & 15) != 0 || endSentinel == 0 || h <= ((__heap_base + 15) & ~15) || h >= endSentinel || isFree(h)) {
    unreachable();
  }
  // marked free even if merged into its left neighbour: a second free traps
  store<u32>(h, load<u32>(h) | FREE);
  release(h, sizeOf(h));
}

/**
 * Zeroes `bytes` bytes from `ptr` (memory.fill). Where the memory is shared,
 * a JavaScript `fill` of a view goes element by element (512 MiB: 36 ms
 * for 32-bit elements, 137 ms for bytes, against 7-9 ms unshared); this
 * does not.
 */
export function zero(ptr: usize, bytes: usize): void {
  memory.fill(ptr, 0, bytes);
}
