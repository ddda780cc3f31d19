// The JavaScript side of the wasm32 harness (`harness/src/lib.rs`), under
// node:
//
//   node driver.mjs test MODULE.wasm [--count N] [--data DIR]
//     which kernel the module runs, then N random inputs (default 120,000),
//     and with --data the conformance inputs under DIR (tests/data: its
//     files and its vectors), through every kernel of the build against
//     `core::str::from_utf8` (in the module), utf8lit's error against
//     std's, and the verdicts against simdutf8's and
//     `TextDecoder('utf-8', {fatal: true})`'s;
//
//   node driver.mjs bench MODULE.wasm [--quick] [--save] [--rounds N]
//     [--sizes LO-HI] [--corpus a,b]
//     GB/s of utf8lit, simdutf8 (`basic`), std and `TextDecoder` on the same
//     bytes, in one instance, interleaved round by round, best of N; a
//     table on stdout, and with --save (or UTF8LIT_RESULTS=DIR) a CSV under
//     bench/results/wasm/.
import { readFileSync, readdirSync, mkdirSync, writeFileSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import path from 'node:path';
import os from 'node:os';

const [mode, file, ...rest] = process.argv.slice(2);
const flag = (name) => rest.includes(name);
const stringOption = (name) => {
  const i = rest.indexOf(name);
  return i >= 0 ? rest[i + 1] : undefined;
};
const option = (name, fallback) => {
  const i = rest.indexOf(name);
  return i >= 0 ? Number(rest[i + 1]) : fallback;
};

const bytesOfModule = readFileSync(file);
const module = await WebAssembly.compile(bytesOfModule);
const { exports: wasm } = await WebAssembly.instantiate(module, {});
const memory = () => new Uint8Array(wasm.memory.buffer);
const INPUT = wasm.input();
const CAPACITY = wasm.capacity();
const utf8 = new TextDecoder();

function nameAt(len) {
  return utf8.decode(memory().subarray(wasm.name(), wasm.name() + len));
}

/** The kernels this build has, and the one `utf8lit::validate` runs. */
function inventory() {
  const available = [];
  const absent = [];
  for (let i = 0; i < wasm.kernel_count(); i++) {
    const n = Number(wasm.kernel_info(i));
    (n > 0 ? available : absent).push(nameAt(Math.abs(n)));
  }
  return { selected: nameAt(wasm.kernel_name()), available, absent };
}

/** Whether simdutf8's simd128 kernel is in the module: its functions'
 * names (the `name` section) mention it. */
function simdutf8Kernel() {
  const names = WebAssembly.Module.customSections(module, 'name');
  if (names.length === 0) return 'unknown (no name section)';
  const text = Buffer.from(names[0]).toString('latin1');
  return /simdutf8.{0,80}wasm32.{0,40}simd128/s.test(text) ? 'simd128' : 'fallback (std)';
}

// A small, seeded generator (xorshift64*), so that a failure can be re-run.
function rng(seed) {
  let s = BigInt(seed) | 1n;
  const mask = (1n << 64n) - 1n;
  return (n) => {
    s ^= s >> 12n;
    s ^= (s << 25n) & mask;
    s ^= s >> 27n;
    const r = (s * 0x2545f4914f6cdd1dn) & mask;
    return Number(r >> 11n) % n;
  };
}

function pushChar(out, cp) {
  if (cp < 0x80) out.push(cp);
  else if (cp < 0x800) out.push(0xc0 | (cp >> 6), 0x80 | (cp & 63));
  else if (cp < 0x10000) out.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
  else out.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
}

/** A code point of 1 to 4 bytes, no surrogate, often at a class's edge. */
function randomChar(below) {
  const edges = [0, 0x7f, 0x80, 0x7ff, 0x800, 0xfff, 0x1000, 0xd7ff, 0xe000, 0xffff, 0x10000, 0x3ffff, 0x40000, 0x10ffff];
  if (below(8) === 0) return edges[below(edges.length)];
  switch (below(4)) {
    case 0: return below(0x80);
    case 1: return 0x80 + below(0x780);
    case 2: { const c = 0x800 + below(0xf800); return c >= 0xd800 && c < 0xe000 ? c + 0x800 : c; }
    default: return 0x10000 + below(0x100000);
  }
}

/** Byte sequences at the edges of the rules: surrogates, overlongs, too
 * large, lone leads and continuation bytes, cut-off sequences. */
const BAD = [
  [0x80], [0xbf], [0xc0, 0x80], [0xc1, 0xbf], [0xc2], [0xe0, 0x80, 0x80], [0xe0, 0x9f, 0xbf],
  [0xed, 0xa0, 0x80], [0xed, 0xbf, 0xbf], [0xf0, 0x80, 0x80, 0x80], [0xf0, 0x8f, 0xbf, 0xbf],
  [0xf4, 0x90, 0x80, 0x80], [0xf5, 0x80, 0x80, 0x80], [0xff], [0xfe], [0xe2, 0x82], [0xf0, 0x9f, 0x98],
  [0xf0, 0x9f], [0xe1],
];

/** Input `i`: text of a random length (mostly short, some up to 5 KiB),
 * ASCII or mixed, then corrupted in some way, or not. */
function randomInput(below) {
  const lens = [below(20), below(70), below(140), below(300), below(1100), below(5000)];
  const len = lens[below(lens.length)];
  const ascii = below(3) === 0;
  const out = [];
  while (out.length < len) pushChar(out, ascii && below(50) !== 0 ? 0x20 + below(0x5f) : randomChar(below));
  if (below(4) === 0) out.length = Math.min(out.length, len); // sometimes cut a character short
  switch (below(6)) {
    case 0: break; // as it is
    case 1: if (out.length) out[below(out.length)] = below(256); break;
    case 2: { const at = below(out.length + 1); out.splice(at, 0, ...BAD[below(BAD.length)]); break; }
    case 3: out.push(...BAD[below(BAD.length)]); break;
    case 4: for (let k = 0; k < 3 && out.length; k++) out[below(out.length)] = below(256); break;
    default: { const at = below(out.length + 1); out.splice(at, 0, ...BAD[below(BAD.length)]); out.push(...BAD[below(BAD.length)]); }
  }
  return Uint8Array.from(out);
}

function describe(code) {
  if (code === -1n) return 'valid';
  return `valid_up_to ${code & 0xffffffffn}, error_len ${code >> 32n || 'None'}`;
}

/** One input at `align` bytes past a 64-byte boundary through every
 * check: what went wrong, if anything, and whether std called it valid. */
function checkOne(input, align, fatal) {
  const at = INPUT + align;
  memory().set(input, at);
  const off = at - INPUT;
  const problems = [];
  const k = wasm.check_kernels(off, input.length);
  if (k !== 0) problems.push(`kernel ${nameAt(Math.abs(Number(wasm.kernel_info(k - 1))))} disagrees with core::str::from_utf8`);
  const ours = wasm.check_utf8lit(off, input.length);
  const std = wasm.check_std(off, input.length);
  if (ours !== std) problems.push(`utf8lit::validate: ${describe(ours)}, std: ${describe(std)}`);
  const valid = std === -1n;
  if ((wasm.check_simdutf8(off, input.length) === 1) !== valid) problems.push(`simdutf8 says ${valid ? 'invalid' : 'valid'}`);
  let js = true;
  try { fatal.decode(input); } catch { js = false; }
  if (js !== valid) problems.push(`TextDecoder says ${js ? 'valid' : 'invalid'}`);
  if (!valid) {
    // The bytes before the error are UTF-8 to JavaScript too.
    const upTo = Number(std & 0xffffffffn);
    try { fatal.decode(input.subarray(0, upTo)); } catch { problems.push(`TextDecoder rejects the ${upTo} bytes before std's error`); }
  }
  return { problems, valid };
}

/** The conformance inputs under DIR (tests/data): every file, whole, cut
 * short after each of its first 600 bytes and started at each of its
 * first 300 (4 KiB from there); and every vector of the TSV tables (each
 * `*_hex` cell) and of `utf8tests.bin` (each line, and its payload after
 * the second colon), after 0-3 and 13-19, 29-35 and 61-67 bytes of ASCII,
 * and before nothing or one ASCII byte. */
function* conformanceInputs(dir) {
  const files = [];
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else files.push(p);
    }
  };
  walk(dir);
  const vectors = [];
  for (const f of files) {
    const bytes = new Uint8Array(readFileSync(f));
    yield [`${path.relative(dir, f)} whole`, bytes];
    for (let n = 0; n < Math.min(600, bytes.length); n++) yield [`${path.relative(dir, f)} cut after ${n}`, bytes.subarray(0, n)];
    for (let s = 1; s < Math.min(300, bytes.length); s++) yield [`${path.relative(dir, f)} from ${s}`, bytes.subarray(s, s + 4096)];
    if (f.endsWith('.tsv')) {
      const [head, ...rows] = readFileSync(f, 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));
      const cols = head.split('\t').map((c, i) => [c, i]).filter(([c]) => c.endsWith('_hex'));
      for (const row of rows) {
        const cells = row.split('\t');
        for (const [, i] of cols) {
          const hex = (cells[i] || '').replace(/\s+/g, '');
          if (/^([0-9a-fA-F]{2})+$/.test(hex)) vectors.push(Uint8Array.from(Buffer.from(hex, 'hex')));
        }
      }
    } else if (f.endsWith('utf8tests.bin')) {
      let start = 0;
      for (let i = 0; i <= bytes.length; i++) {
        if (i < bytes.length && bytes[i] !== 0x0a) continue;
        const line = bytes.subarray(start, i);
        vectors.push(line);
        const first = line.indexOf(0x3a);
        const second = first < 0 ? -1 : line.indexOf(0x3a, first + 1);
        if (second >= 0) vectors.push(line.subarray(second + 1));
        start = i + 1;
      }
    }
  }
  if (vectors.length < 2000) throw new Error(`only ${vectors.length} vectors under ${dir}`);
  const offsets = [0, 1, 2, 3, 13, 14, 15, 16, 17, 18, 19, 29, 30, 31, 32, 33, 34, 35, 61, 62, 63, 64, 65, 66, 67];
  for (const v of vectors) {
    for (const o of offsets) {
      for (const suffix of [0, 1]) {
        const input = new Uint8Array(o + v.length + suffix).fill(0x7a);
        input.set(v, o);
        yield [`vector [${Buffer.from(v).toString('hex')}] at offset ${o}${suffix ? ', then z' : ''}`, input];
      }
    }
  }
}

function test() {
  const count = option('--count', 120000);
  const dataIndex = rest.indexOf('--data');
  const inv = inventory();
  const fatal = new TextDecoder('utf-8', { fatal: true });
  console.log(`wasm (${path.basename(file)}, node ${process.version}): selected kernel ${inv.selected}; kernels run: ${inv.available.join(' ')}; not in this build: ${inv.absent.join(' ')}; simdutf8: ${simdutf8Kernel()}`);
  let failed = 0;
  const report = (what, input, align, problems) => {
    failed++;
    if (failed <= 10) console.log(`${what} (${input.length} bytes at offset ${align}): ${problems.join('; ')}\n  [${Buffer.from(input.subarray(0, 256)).toString('hex')}${input.length > 256 ? '…' : ''}]`);
  };
  if (dataIndex >= 0) {
    const dir = rest[dataIndex + 1];
    let n = 0;
    for (const [what, input] of conformanceInputs(dir)) {
      const align = n++ % 64;
      const { problems } = checkOne(input, align, fatal);
      if (problems.length) report(what, input, align, problems);
    }
    console.log(`wasm conformance (${inv.selected}): ${n} inputs from ${dir} (files whole, cut and shifted; vectors at boundary offsets) against core::str::from_utf8, simdutf8 and TextDecoder`);
  }
  const below = rng(0x7574663821);
  let invalid = 0;
  for (let i = 0; i < count; i++) {
    const input = randomInput(below);
    const align = below(64);
    const { problems, valid } = checkOne(input, align, fatal);
    if (!valid) invalid++;
    if (problems.length) report(`input ${i}`, input, align, problems);
  }
  console.log(`wasm differential (${inv.selected}): ${count} random inputs (${invalid} invalid) against core::str::from_utf8, simdutf8 and TextDecoder`);
  console.log(`${failed} failed`);
  if (failed) process.exitCode = 1;
}

// ---------------------------------------------------------------------------
// Benchmark
// ---------------------------------------------------------------------------

const KIB = 1024;
const MIB = 1024 * KIB;

function allSizes() {
  const sizes = [];
  for (let s = 1; s <= 128; s++) sizes.push(s);
  for (let s = 160; s <= 4 * KIB; s += 32) sizes.push(s);
  for (let p = 13; p <= 20; p++) sizes.push(1 << p);
  return sizes;
}
const QUICK_SIZES = [3, 31, 63, 64, 100, 128, 256, 736, KIB, 4064, 4 * KIB, 32 * KIB, 64 * KIB, MIB];

const WORDS = 'the of and to in is that for it as was with be by on not he this are or his from at which but have an they you were her she there been one all we their has would when if so no will can more other its only into some time very after our most many'.split(' ');
const LATIN = 'été déjà où façon garçon naïve cœur élève fenêtre über größe straße año niño señor mañana café résumé même très après'.split(' ');

/** A corpus of about `len` bytes of valid UTF-8, like the sweep's. */
function corpus(name, len) {
  const below = rng([...name].reduce((h, c) => h * 31 + c.charCodeAt(0), 7));
  const out = [];
  const word = (list) => { for (const c of list[below(list.length)]) pushChar(out, c.codePointAt(0)); out.push(0x20); };
  while (out.length < len) {
    switch (name) {
      case 'ascii': word(WORDS); break;
      case 'latin': word(below(4) === 0 ? LATIN : WORDS); break;
      case 'cjk': for (let i = 0; i < 12; i++) pushChar(out, 0x4e00 + below(0x5200)); pushChar(out, 0x3002); break;
      case 'emoji': pushChar(out, 0x1f300 + below(0x700)); if (below(3) === 0) out.push(0x20); break;
      default: { // mixed: 1-4-byte characters, a quarter each
        const k = below(4);
        pushChar(out, k === 0 ? 0x20 + below(0x5f) : k === 1 ? 0x80 + below(0x780) : k === 2 ? 0x800 + below(0xd000) : 0x10000 + below(0x100000));
      }
    }
  }
  return Uint8Array.from(out);
}

/** Exactly `size` bytes of `text`, valid: cut at a character boundary
 * and filled up with spaces. */
function cut(text, size) {
  let end = size;
  while (end > 0 && end < text.length && (text[end] & 0xc0) === 0x80) end--;
  const out = new Uint8Array(size).fill(0x20);
  out.set(text.subarray(0, end));
  return out;
}

const CONTENDERS = ['utf8lit', 'simdutf8', 'std', 'TextDecoder', 'floor'];

function bench() {
  const quick = flag('--quick');
  const save = flag('--save');
  const rounds = option('--rounds', quick ? 3 : 9);
  const target = quick ? 0.5 : 1.5; // ms a round
  // `--sizes LO-HI` and `--corpus a,b`: part of the sweep, for a change
  // to one path (not with `--save`, whose file is the whole sweep).
  const range = stringOption('--sizes');
  const only = stringOption('--corpus');
  if (save && (range || only)) throw new Error('--save takes the whole sweep: leave out --sizes and --corpus');
  const [lo, hi] = range ? range.split('-').map(Number) : [0, Infinity];
  const sizes = (quick ? QUICK_SIZES : allSizes()).filter((s) => s >= lo && s <= (hi ?? lo));
  const corpora = only ? only.split(',') : quick ? ['ascii', 'mixed'] : ['ascii', 'latin', 'cjk', 'emoji', 'mixed'];
  const inv = inventory();
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const timeOf = (who, len, iters) => {
    const view = memory().subarray(INPUT, INPUT + len);
    const t0 = performance.now();
    if (who === 3) {
      for (let i = 0; i < iters; i++) decoder.decode(view);
    } else {
      wasm.run(who === 4 ? 3 : who, 0, len, iters);
    }
    return performance.now() - t0;
  };
  // Warm up: V8 first runs a module's functions as its baseline compiler
  // (Liftoff) made them, and optimises those that run long enough. The
  // figures are of the optimised code, as a page that validates often
  // would run.
  const mixed = corpus('mixed', 8 * KIB);
  const warm = performance.now();
  while (performance.now() - warm < (quick ? 300 : 1500)) {
    for (const len of [3, 40, 64, 100, 700, 8 * KIB]) {
      memory().set(cut(mixed, len), INPUT);
      for (let who = 0; who < CONTENDERS.length; who++) timeOf(who, len, 64);
    }
  }
  console.log(`wasm bench: node ${process.version}, kernel ${inv.selected}, simdutf8 ${simdutf8Kernel()}, ${rounds} rounds of ~${target} ms, ${quick ? 'quick' : 'full'}`);
  const rows = [];
  const best = new Map();
  for (const name of corpora) {
    const text = corpus(name, MIB + 64);
    for (const size of sizes) {
      memory().set(cut(text, size), INPUT);
      // Calls a round, per contender: enough for `target` ms.
      const iters = CONTENDERS.map((_, who) => {
        let n = 1;
        for (;;) {
          const t = timeOf(who, size, n);
          if (t >= target / 8 || n >= 1 << 26) return Math.max(1, Math.round((n * target) / Math.max(t, 1e-3)));
          n *= 4;
        }
      });
      const fastest = CONTENDERS.map(() => Infinity);
      for (let r = 0; r < rounds; r++) {
        // Interleaved, in a different order each round.
        for (let j = 0; j < CONTENDERS.length; j++) {
          const who = (j + r) % CONTENDERS.length;
          fastest[who] = Math.min(fastest[who], timeOf(who, size, iters[who]) / iters[who]);
        }
      }
      CONTENDERS.forEach((c, who) => {
        const gbps = size / (fastest[who] * 1e6);
        rows.push([name, size, c, 'gb_per_s', gbps.toFixed(4)]);
        best.set(`${name},${size},${c}`, gbps);
      });
    }
  }
  // The table: a few sizes, every contender (every size asked for with
  // `--sizes`).
  const shown = range ? sizes : [1, 3, 16, 31, 64, 100, 128, 256, 1024, 4096, 64 * KIB, MIB].filter((s) => sizes.includes(s));
  const fmt = (x) => x.toFixed(2);
  for (const name of corpora) {
    console.log(`\n${name} (GB/s)\n| size | utf8lit | simdutf8 | std | TextDecoder | utf8lit/simdutf8 | utf8lit/std |\n|---:|---:|---:|---:|---:|---:|---:|`);
    for (const s of shown) {
      const g = (c) => best.get(`${name},${s},${c}`);
      console.log(`| ${s} | ${fmt(g('utf8lit'))} | ${fmt(g('simdutf8'))} | ${fmt(g('std'))} | ${fmt(g('TextDecoder'))} | ${fmt(g('utf8lit') / g('simdutf8'))}× | ${fmt(g('utf8lit') / g('std'))}× |`);
    }
  }
  // The issue's bar: at least simdutf8 at every size, 3× std at 64 KiB of
  // other text than ASCII (a smoke run asserts nothing).
  console.log('');
  for (const name of corpora) {
    let worst = Infinity;
    let at = 0;
    for (const s of sizes) {
      const ratio = best.get(`${name},${s},utf8lit`) / best.get(`${name},${s},simdutf8`);
      if (ratio < worst) [worst, at] = [ratio, s];
    }
    const below = sizes.filter((s) => best.get(`${name},${s},utf8lit`) < best.get(`${name},${s},simdutf8`));
    let line = `${name}: lowest utf8lit/simdutf8 ${fmt(worst)}× at ${at} B; below 1.0× at ${below.length} of ${sizes.length} sizes${below.length ? ` (${below.slice(0, 12).join(', ')}${below.length > 12 ? ', …' : ''})` : ''}`;
    if (sizes.includes(64 * KIB)) line += `; 64 KiB: ${fmt(best.get(`${name},${64 * KIB},utf8lit`) / best.get(`${name},${64 * KIB},std`))}× std`;
    console.log(line);
  }
  const dir = process.env.UTF8LIT_RESULTS || (save ? path.join(path.dirname(new URL(import.meta.url).pathname), '../../bench/results') : null);
  if (dir) {
    if (quick && !process.env.UTF8LIT_RESULTS) throw new Error('--save with --quick would put a smoke run\'s figures in bench/results; set UTF8LIT_RESULTS=DIR');
    writeResults(path.join(dir, 'wasm'), rows, { quick, rounds, target, sizes, corpora, inv });
  }
}

function cpu() {
  let info = '';
  try { info = readFileSync('/proc/cpuinfo', 'utf8'); } catch { /* not Linux */ }
  const field = (k) => (info.match(new RegExp(`^${k}\\s*:\\s*(.*)$`, 'm')) || [])[1] || '';
  const vendor = field('vendor_id');
  const family = Number(field('cpu family'));
  const model = Number(field('model'));
  const zen4 = vendor === 'AuthenticAMD' && family === 25 && model >= 0x10 && model <= 0x1f;
  const machine = process.env.UTF8LIT_MACHINE || (zen4 ? 'amd-epyc-zen4' : `${vendor || 'unknown'}-${family}-${model}`.toLowerCase());
  return { machine, description: `${field('model name') || os.cpus()[0]?.model} (${vendor}, family ${family}, model ${model})` };
}

function git(args) {
  try { return execSync(`git ${args}`, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim(); } catch { return 'unknown'; }
}

function writeResults(dir, rows, { quick, rounds, target, sizes, corpora, inv }) {
  const { machine, description } = cpu();
  const now = new Date();
  const dirty = git('status --porcelain -- runtime .ci/wasm') ? ' (work tree changed)' : '';
  const header = [
    ['harness', 'wasm'],
    ['machine', machine],
    ['cpu', description],
    ['engine', `node ${process.version} (V8 ${process.versions.v8})`],
    ['kernel', inv.selected],
    ['kernels', inv.available.join(', ')],
    ['simdutf8', `0.1.5 basic, ${simdutf8Kernel()} kernel`],
    ['rustc', process.env.WASM_RUSTC_VERSION || 'unknown'],
    ['target', 'wasm32-unknown-unknown, -C target-feature=+simd128'],
    ['commit', git('rev-parse --short HEAD') + dirty],
    ['date', now.toISOString().replace(/\.\d+Z$/, 'Z')],
    ['command', `.ci/wasm/bench ${rest.join(' ')}`.trim()],
    ['os', `${os.type()} ${os.release()} ${os.arch()}`],
    ['run', quick ? 'quick' : 'full'],
    ['method', `${sizes.length} sizes from ${sizes[0]} B to ${sizes[sizes.length - 1]} B; corpora: ${corpora.join(', ')}; one wasm instance, best of ${rounds} rounds of ~${target} ms per contender, interleaved; TextDecoder({fatal: true}).decode on the same bytes in JavaScript; floor: the wasm loop alone; mode is the corpus, case the size in bytes`],
  ];
  mkdirSync(dir, { recursive: true });
  const out = path.join(dir, `${machine}-${now.toISOString().slice(0, 10)}.csv`);
  const text = header.map(([k, v]) => `# ${k}: ${v}`).join('\n') + '\nmode,case,contender,metric,value\n' + rows.map((r) => r.join(',')).join('\n') + '\n';
  writeFileSync(out, text);
  console.log(`wrote ${out}`);
}

if (mode === 'test') test();
else if (mode === 'bench') bench();
else {
  console.error('usage: node driver.mjs test|bench MODULE.wasm [--count N] [--data DIR] [--quick] [--save] [--rounds N] [--sizes LO-HI] [--corpus a,b]');
  process.exitCode = 2;
}
